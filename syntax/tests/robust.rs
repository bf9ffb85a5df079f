//! Any bytes get a tree that rebuilds the decoded text exactly, and nothing panics.

use proptest::prelude::*;

fn all_parsers(bytes: &[u8]) {
    let source = syntax::SourceText::decode(bytes);
    let text = source.text();
    assert_eq!(source.to_original_bytes(), bytes);
    assert_eq!(syntax::forge::parse(text).syntax().text().to_string(), text);
    assert_eq!(
        syntax::forge::parse_record_text(text)
            .syntax()
            .text()
            .to_string(),
        text
    );
    assert_eq!(syntax::wagic::parse(text).syntax().text().to_string(), text);
    assert_eq!(
        syntax::wagic::parse_ability(text)
            .syntax()
            .text()
            .to_string(),
        text
    );
    assert_eq!(syntax::pymtg::parse(text).syntax().text().to_string(), text);
    assert_eq!(
        syntax::netrunner::parse(text).syntax().text().to_string(),
        text
    );
    assert_eq!(
        syntax::netrunner::parse_script(text, true)
            .syntax()
            .text()
            .to_string(),
        text
    );
    assert_eq!(
        syntax::rulescript::parse(text).syntax().text().to_string(),
        text
    );
    assert_eq!(
        syntax::rulescript::parse_rule(text)
            .syntax()
            .text()
            .to_string(),
        text
    );
    let index = syntax::LineIndex::new(text);
    let _ = index.line_col(syntax::TextSize::of(text));
}

/// Bytes biased towards the characters the parsers care about.
fn card_bytes() -> impl Strategy<Value = Vec<u8>> {
    let interesting = prop::sample::select(
        b"[]{}()<>|$:=,;&!@#^~*%?+-./\\ \t\r\n\x00\xef\xbb\xbf\xc3\xa6\xc6acdemnprstxAKST0123456789_".to_vec(),
    );
    prop::collection::vec(prop_oneof![3 => interesting, 1 => any::<u8>()], 0..400)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]
    #[test]
    fn arbitrary_bytes_round_trip(bytes in card_bytes()) {
        all_parsers(&bytes);
    }

    #[test]
    fn arbitrary_lines_round_trip(lines in prop::collection::vec(
        prop_oneof![
            Just("[card]".to_string()), Just("[/card]".to_string()), Just("[meta]".to_string()),
            "auto=[a-z@:{}()\\[\\]|,&!$ ]{0,40}", "A:[A-Za-z$| <>/.,+]{0,40}", "SVar:[A-Za-z:$| ]{0,30}",
            "#AUTO_DEFINE [A-Z_()$a-z, ]{0,20}", "[a-z]{1,8}=[^\n]{0,20}", "K:[A-Za-z: ]{0,20}",
            // Python-MTG, Netrunner and RuleScript shapes.
            Just("##############################".to_string()), "\t{0,6}[a-z_.()\\[\\]'\"#:, =]{0,30}",
            "\t{1,2}[A-Z0-9(/), ]{0,8}: [a-z.()]{0,20}",
            Just("ScriptsLocal = '''".to_string()), Just("'''".to_string()),
            "[=.+-]{5}", "[A-Za-z0-9:$|<>{}&;#, -]{0,40}",
            "<[a-z]{0,8}( [a-z]+=\"[A-Za-z0-9:$|&;<>{} -]{0,20}\")*/?>",
            Just("RulesDict[\"x\"] = \"\"\"".to_string()), Just("\"\"\"".to_string()),
            "[a-z?]{1,8} = [A-Za-z0-9{}()\\[\\]<>@:;&|~?^!*+,. '\"#=-]{0,40}",
        ], 0..30)) {
        all_parsers(lines.join("\n").as_bytes());
    }
}

#[test]
fn deep_nesting_does_not_overflow() {
    for open in ["(", "[", "{", "{(", "newability[", "<", "[[", "-a<"] {
        let text = format!("[card]\nauto={}\n[/card]\n", open.repeat(200_000));
        all_parsers(text.as_bytes());
        let py = format!("##########\nDeep\n\tx({}\n", open.repeat(50_000));
        all_parsers(py.as_bytes());
        let rules = format!(
            "RulesDict[\"x\"] = \"\"\"\naction = bp({})\n\"\"\"\n",
            open.repeat(50_000)
        );
        all_parsers(rules.as_bytes());
        let closed = format!("auto={}x{}", "(".repeat(100_000), ")".repeat(100_000));
        all_parsers(closed.as_bytes());
    }
    let mismatched = format!("auto={}{}", "(".repeat(50_000), "]".repeat(50_000));
    all_parsers(mismatched.as_bytes());
}

#[test]
fn ten_megabyte_line() {
    let mut forge = String::from("A:SP$ Draw | Cost$ ");
    forge.push_str(&"Sac<1/Creature.Other+YouCtrl,Artifact> ".repeat(250_000));
    all_parsers(forge.as_bytes());
    let mut wagic = String::from("[card]\nauto=");
    wagic.push_str(&"damage:1 target(creature[-black;power<=2]|mybattlefield) && ".repeat(170_000));
    wagic.push_str("\n[/card]");
    all_parsers(wagic.as_bytes());
    let mut pymtg = String::from("##########\nLong\n\tself.x(");
    pymtg.push_str(&"a.b + c[0] * -d ".repeat(60_000));
    pymtg.push(')');
    all_parsers(pymtg.as_bytes());
    let mut netrunner = String::from("ScriptsLocal = '''\n=====\nx\n-----\ng\n-----\n");
    netrunner.push_str(
        &"onPlay:Gain1Credits-isCost-traceEffects<Draw1Card++Pass,None>$$".repeat(20_000),
    );
    netrunner.push_str("\n+++++\n\n.....\nENDSCRIPTS\n=====\n'''\n");
    all_parsers(netrunner.as_bytes());
}

/// Issue 27: memory in proportion to the text with a small constant. A long run of one
/// punctuation character (8 MB of `(` in a RuleScript target took 933 MB: a tree token per
/// byte) is one token, in a rule's target and in the host module around the rules (RuleScript's
/// `card_rules.py`, Netrunner's `CardScripts.py`). A bound on the tree's size, not on time.
#[test]
fn a_run_of_punctuation_is_not_a_token_per_byte() {
    fn tokens(node: &rowan::SyntaxNode<impl rowan::Language>) -> usize {
        node.descendants_with_tokens()
            .filter(|e| e.as_token().is_some())
            .count()
    }
    const GUID: &str = "c0ffee00-0000-4000-8000-000000000001";
    let run = 100_000;
    for c in ["(", ")", "[", "]", "{", "}", "|", ".", "="] {
        let target = format!(
            "RulesDict = {{}}\nRulesDict[\"{GUID}\"] = \"\"\"\ntarget = {}\n\"\"\"\n",
            c.repeat(run)
        );
        let host = format!("RulesDict = {{}}\nx = {}\n", c.repeat(run));
        for text in [&target, &host] {
            let parse = syntax::rulescript::parse(text);
            assert_eq!(parse.syntax().text().to_string(), *text);
            let n = tokens(&parse.syntax());
            assert!(n < 100, "{c}: {n} tokens for {} bytes", text.len());
        }
        let netrunner = format!("x = {}\nScriptsLocal = '''x'''\n", c.repeat(run));
        let parse = syntax::netrunner::parse(&netrunner);
        assert_eq!(parse.syntax().text().to_string(), netrunner);
        let n = tokens(&parse.syntax());
        assert!(n < 100, "{c}: {n} netrunner tokens");
    }
}

proptest! {
    /// The line index agrees with counting characters by hand, on any text.
    #[test]
    fn line_index_matches_a_naive_count(text in "[a-zé€😀\\r\\n ]{0,90}") {
        let index = syntax::LineIndex::new(&text);
        let offsets: Vec<syntax::TextSize> = text.char_indices().map(|(o, _)| syntax::TextSize::from(o as u32)).collect();
        let by_index: Vec<syntax::LineCol> = offsets.iter().map(|&o| index.line_col(o)).collect();
        prop_assert_eq!(syntax::line_cols(&text, &offsets), by_index);
        let (mut line, mut col, mut col16) = (0u32, 0u32, 0u32);
        let mut chars = text.char_indices().peekable();
        while let Some((offset, ch)) = chars.next() {
            let at = syntax::TextSize::from(offset as u32);
            prop_assert_eq!(index.line_col(at), syntax::LineCol { line, col });
            prop_assert_eq!(index.line_col_utf16(at), syntax::LineCol { line, col: col16 });
            let crlf = ch == '\r' && chars.peek().is_some_and(|(_, c)| *c == '\n');
            if crlf {
                chars.next();
            }
            if ch == '\n' || ch == '\r' {
                line += 1;
                col = 0;
                col16 = 0;
            } else {
                col += 1;
                col16 += ch.len_utf16() as u32;
            }
        }
    }
}
