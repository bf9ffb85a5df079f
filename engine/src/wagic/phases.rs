//! Wagic's phase ring (MTG_PHASE_*): the phases by index and their names, read by the ability
//! factory (`phaseaction`, upkeep costs) and driven by the runtime.

pub const BEFORE_BEGIN: usize = 0;
pub const UNTAP: usize = 1;
pub const UPKEEP: usize = 2;
pub const DRAW: usize = 3;
pub const FIRSTMAIN: usize = 4;
pub const COMBATBEGIN: usize = 5;
pub const COMBATATTACKERS: usize = 6;
pub const COMBATBLOCKERS: usize = 7;
pub const COMBATDAMAGE: usize = 8;
pub const COMBATEND: usize = 9;
pub const SECONDMAIN: usize = 10;
pub const ENDOFTURN: usize = 11;
pub const CLEANUP: usize = 12;
pub const AFTER_EOT: usize = 13;

pub const PHASE_NAMES: [&str; 14] = [
    "before begin",
    "untap",
    "upkeep",
    "draw",
    "main phase 1",
    "combat begins",
    "attackers",
    "blockers",
    "combat damage",
    "combat ends",
    "main phase 2",
    "end of turn",
    "cleanup",
    "after end of turn",
];
