use crate::diagnostic::{Edit, Fix, Severity, Sink};
use crate::dialect::Dialect;
use crate::pymtg::Ctx;
use crate::registry::{FixAvailability, Group, RuleMeta};
use syntax::pymtg::ast;

pub(crate) static META: RuleMeta = RuleMeta {
    code: "P103",
    name: "ability-syntax",
    dialect: Some(Dialect::PYMTG),
    group: Group::Correctness,
    severity: Severity::Error,
    fix: FixAvailability::Sometimes,
    summary: "An activated ability that is not `COST: EFFECT` with a cost the loader understands.",
    explanation: "Under `Abilities:` each level-2 line is split at its first `:`. Without a `:` loading \
stops. The effect starts two characters after the `:`, so without a space there its first character \
is lost. The cost is split on `, ` (comma and space); each piece must be `T`, a mana string such as \
`2B` or `(U/R)` (the whole piece is paid as mana once its start looks like mana), `Pay N life` or \
`Sacrifice ~`. Other pieces are dropped without a word, and an ability whose every piece was dropped \
fails when it is activated.",
    bad: "##############################\nZof Shade\n\tAbilities:\n\t\t2,B: self.card.add_effect('modifyPT', (2, 2), self, self.game.eot_time)",
    good: "##############################\nZof Shade\n\tAbilities:\n\t\t2B: self.card.add_effect('modifyPT', (2, 2), self, self.game.eot_time)",
    ..RuleMeta::BASE
};

/// What the loader makes of a cost piece.
#[derive(PartialEq, Eq)]
enum Piece {
    Known,
    /// Its start looks like mana but the rest does not: the whole piece is paid as mana.
    PartialMana,
    Unknown,
}

fn mana_prefix(piece: &str) -> usize {
    let b = piece.as_bytes();
    let mut i = 0;
    loop {
        if i < b.len() && (b[i] == b'X' || b[i].is_ascii_digit() || b"WUBRGC".contains(&b[i])) {
            i += 1;
        } else if i + 4 < b.len()
            && b[i] == b'('
            && b"WUBRGC2".contains(&b[i + 1])
            && b[i + 2] == b'/'
            && b"WUBRGC".contains(&b[i + 3])
            && b[i + 4] == b')'
        {
            i += 5;
        } else {
            return i;
        }
    }
}

fn classify(piece: &str) -> Piece {
    if piece == "T" || piece == "Sacrifice ~" {
        return Piece::Known;
    }
    let life = piece
        .strip_prefix("Pay ")
        .or_else(|| piece.strip_prefix("pay "))
        .map(|rest| {
            let n = rest
                .bytes()
                .take_while(|b| b.is_ascii_digit() || *b == b'X')
                .count();
            n > 0 && rest[n..].starts_with(" life")
        })
        .unwrap_or(false);
    if life {
        return Piece::Known;
    }
    match mana_prefix(piece) {
        0 => Piece::Unknown,
        n if n == piece.len() => Piece::Known,
        _ => Piece::PartialMana,
    }
}

pub(crate) fn check(ctx: &Ctx<'_>, sink: &mut Sink<'_>) {
    for card in ctx.tree.cards() {
        for ability in card.descendants(ast::Ability::cast) {
            if ctx.misindented(ability.syntax())
                || super::misplaced_header::is_misplaced_header(ability.syntax())
            {
                continue;
            }
            let Some(cost) = ability.cost() else { continue };
            let Some(colon) = ability.colon() else {
                sink.report(
                    cost.range(),
                    "this ability has no `:` between its cost and its effect: loading stops here",
                );
                continue;
            };
            let pieces: Vec<_> = cost.pieces().collect();
            let mut known = 0;
            for piece in &pieces {
                match classify(piece.text()) {
                    Piece::Known => known += 1,
                    Piece::PartialMana => {
                        sink.report(
                            piece.text_range(),
                            format!(
                                "`{}` is not a mana cost: its start looks like mana, so the loader pays the whole piece as mana and misreads it",
                                piece.text()
                            ),
                        )
                        .with_note("cost pieces are separated by `, ` (a comma and a space); hybrid mana is written `(U/R)`");
                    }
                    Piece::Unknown => {
                        sink.report(
                            piece.text_range(),
                            format!(
                                "`{}` is not a cost the loader recognises (`T`, mana such as `2B`, `Pay N life`, `Sacrifice ~`): it is dropped",
                                piece.text()
                            ),
                        );
                    }
                }
            }
            if known == 0
                && !pieces.is_empty()
                && pieces.iter().all(|p| classify(p.text()) == Piece::Unknown)
            {
                sink.report(
                    cost.range(),
                    "no piece of this cost is recognised: the cost is empty and the ability fails when it is activated",
                );
            }
            match ability.skipped() {
                Some(skipped) if skipped.text() != " " => {
                    sink.report(
                        skipped.text_range(),
                        format!(
                            "the loader skips the character after `:`, so `{}` is lost from the effect: write a space after `:`",
                            skipped.text()
                        ),
                    )
                    .with_fix(Fix::safe(
                        "insert a space after `:`",
                        vec![Edit::insert(colon.text_range().end(), " ")],
                    ));
                }
                _ => {}
            }
            if ability.effect().is_none() {
                sink.report(
                    colon.text_range(),
                    "this ability has no effect after `:`: it fails when it is activated",
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cost_pieces() {
        for ok in [
            "T",
            "2B",
            "(U/R)",
            "X",
            "1(2/W)",
            "Pay 2 life",
            "pay X life",
            "Sacrifice ~",
        ] {
            assert!(classify(ok) == Piece::Known, "{ok}");
        }
        assert!(classify("2(G,U)") == Piece::PartialMana);
        assert!(classify("W,B") == Piece::PartialMana);
        assert!(classify("Ferocious") == Piece::Unknown);
        assert!(classify("Discard a card") == Piece::Unknown);
    }
}
