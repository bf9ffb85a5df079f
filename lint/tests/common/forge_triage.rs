//! The error-level findings of the 2020 Forge corpus, each classified in lint/triage/forge.md
//! (shared by the corpus tests).

/// Every error-level finding on the 2020 corpus, each classified in lint/triage/forge.md.
pub const TRIAGED_ERRORS: &[(&str, usize, &str)] = &[
    ("cardsfolder/a/aether_storm.txt", 5, "F118"),
    ("cardsfolder/a/alpine_moon.txt", 6, "F118"),
    ("cardsfolder/a/aurora_eidolon.txt", 5, "F158"),
    ("cardsfolder/b/blazing_blade_askari.txt", 6, "F162"),
    ("cardsfolder/b/blood_of_the_martyr.txt", 4, "F130"),
    ("cardsfolder/c/channel_harm.txt", 6, "F118"),
    ("cardsfolder/c/city_in_a_bottle.txt", 4, "F157"),
    ("cardsfolder/c/city_in_a_bottle.txt", 5, "F157"),
    ("cardsfolder/c/crovax.txt", 5, "F158"),
    ("cardsfolder/e/exploding_borders.txt", 5, "F158"),
    ("cardsfolder/f/fresh_faced_recruit.txt", 3, "F108"),
    ("cardsfolder/g/giant_oyster.txt", 13, "F162"),
    ("cardsfolder/i/insubordination.txt", 7, "F163"),
    ("cardsfolder/j/jihad.txt", 8, "F157"),
    ("cardsfolder/l/lich.txt", 14, "F157"),
    ("cardsfolder/o/ogre_geargrabber.txt", 9, "F133"),
    ("cardsfolder/o/oracle.txt", 5, "F157"),
    ("cardsfolder/p/phyrexian_reaper.txt", 6, "F163"),
    ("cardsfolder/p/phyrexian_slayer.txt", 7, "F163"),
    ("cardsfolder/r/raging_spirit.txt", 5, "F162"),
    ("cardsfolder/r/righteous_indignation.txt", 5, "F163"),
    ("cardsfolder/r/ruthless_instincts.txt", 5, "F121"),
    ("cardsfolder/s/seraph.txt", 10, "F162"),
    ("cardsfolder/s/shifting_shadow.txt", 6, "F162"),
    ("cardsfolder/s/simic_basilisk.txt", 7, "F130"),
    ("cardsfolder/t/torrent_of_lava.txt", 9, "F130"),
    ("cardsfolder/u/ursine_champion.txt", 3, "F108"),
];
