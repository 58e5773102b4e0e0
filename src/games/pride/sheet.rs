//! The game sheet as data (RULINGS PP-1 to PP-10, PP-26): the file format ([`SheetSpec`],
//! what `configs/pride-prejudice/sheet.toml` holds), its loader and validator, and the
//! compiled [`Layout`] the engine plays on (bitmasks per puzzle, so that placing a die is a
//! few bit operations).
//!
//! The printed sheet is lost, so a designer tries another layout by editing the file, never
//! the code. Every inconsistency is refused at load with one line naming the file, the key
//! and what is allowed.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The default sheet, built into the binary (`sheet = "builtin"`).
pub const DEFAULT_SHEET: &str = include_str!("../../../configs/pride-prejudice/sheet.toml");

/// Puzzle (and suitor) indices: the four quadrants (PP-1).
pub const DIAMOND: usize = 0;
pub const HEART: usize = 1;
pub const DANCE: usize = 2;
pub const FLOWERS: usize = 3;
pub const SUITOR_KEYS: [&str; 4] = ["diamond", "heart", "dance_card", "flowers"];

/// The most boxes one puzzle may have (marks are `u32` masks).
pub const MAX_BOXES: usize = 32;
/// The most romance links (a link per pair of the 4 suitors at most).
pub const MAX_LINKS: usize = 6;
/// The most boxes of the fan puzzle (both halves).
pub const MAX_FAN: usize = 32;
/// The most Dance Card rows.
pub const MAX_ROWS: usize = 8;
/// The most boxes of a chaperone row and of the Faux Pas track.
pub const MAX_TRACK: i64 = 20;

/// Die colours: 3 white dice, 1 red, 1 blue.
pub const WHITE: u8 = 0;
pub const RED: u8 = 1;
pub const BLUE: u8 = 2;
pub const COLOUR_KEYS: [&str; 3] = ["white", "red", "blue"];

/// An icon on a box (PP-6) or in the fan's outer strip (PP-8).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Icon {
    #[default]
    None,
    Heart,
    Diamond,
    Dice,
    Fan,
}

impl Icon {
    pub fn key(self) -> &'static str {
        match self {
            Icon::None => "none",
            Icon::Heart => "heart",
            Icon::Diamond => "diamond",
            Icon::Dice => "dice",
            Icon::Fan => "fan",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SheetSpec {
    pub scoring: ScoringSpec,
    pub diamond: DiamondSpec,
    pub heart: HeartSpec,
    pub dance_card: DanceSpec,
    pub flowers: FlowersSpec,
    pub romance: RomanceSpec,
    pub fan: FanSpec,
    pub chaperone: ChaperoneSpec,
    pub faux_pas: FauxPasSpec,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScoringSpec {
    pub match_points: i64,
    pub faux_pas_points: i64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DiamondSpec {
    pub gate: String,
    pub row_points: BTreeMap<String, i64>,
    pub tracks: Vec<TrackSpec>,
    pub icons: Vec<TrackIcon>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrackSpec {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub after: Option<String>,
    pub rows: Vec<i64>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrackIcon {
    pub track: String,
    #[serde(rename = "box")]
    pub at: i64,
    pub icon: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HeartSpec {
    pub gate: String,
    pub boxes: Vec<String>,
    pub icons: Vec<BoxIcon>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoxIcon {
    #[serde(rename = "box")]
    pub at: i64,
    pub icon: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DanceSpec {
    pub columns: i64,
    pub row_points: Vec<i64>,
    pub row_bonus: Vec<String>,
    pub icons: Vec<GridIcon>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GridIcon {
    pub column: i64,
    pub row: i64,
    pub icon: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FlowersSpec {
    pub rows: Vec<String>,
    pub boxes: i64,
    pub icons: Vec<RowIcon>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RowIcon {
    pub row: String,
    #[serde(rename = "box")]
    pub at: i64,
    pub icon: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RomanceSpec {
    pub links: Vec<LinkSpec>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LinkSpec {
    pub between: Vec<String>,
    pub hearts: i64,
    pub diamonds: i64,
    pub dice_box: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FanSpec {
    pub halves: Vec<HalfSpec>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HalfSpec {
    pub centre: i64,
    pub outer: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChaperoneSpec {
    pub boxes: Vec<i64>,
    pub fp: Vec<i64>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FauxPasSpec {
    pub boxes: i64,
}

impl SheetSpec {
    /// Parse a sheet file's text; `file` names it in errors. Structure first (serde), then
    /// every cross-reference ([`Layout::compile`]).
    pub fn parse(text: &str, file: &str) -> Result<SheetSpec, String> {
        toml::from_str(text).map_err(|e| {
            let first = e.message().lines().next().unwrap_or("syntax error").to_string();
            match e.span() {
                Some(span) => {
                    let line = text[..span.start.min(text.len())].matches('\n').count() + 1;
                    format!("sheet file {file}: line {line}: {first}")
                }
                None => format!("sheet file {file}: {first}"),
            }
        })
    }

    /// The sheet as TOML text (loading it again gives the same sheet).
    pub fn to_toml(&self) -> String {
        toml::to_string(self).expect("a sheet serialises")
    }
}

/// Bits of a mask, lowest first.
pub fn bits(mut m: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let b = m.trailing_zeros() as usize;
            m &= m - 1;
            b
        })
    })
}
