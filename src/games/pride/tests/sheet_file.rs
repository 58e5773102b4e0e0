//! The sheet file: the default layout (PP-1 to PP-10, PP-26), round-tripping, and each kind
//! of inconsistency refused at load with one line naming the file, the key and what is
//! allowed.

use super::*;
use crate::games::pride::layout::{self, Layout};
use crate::games::pride::sheet::{DEFAULT_SHEET, Icon, SheetSpec};

#[test]
fn the_default_sheet_round_trips() {
    let spec = SheetSpec::parse(DEFAULT_SHEET, "default").unwrap();
    let text = spec.to_toml();
    let again = SheetSpec::parse(&text, "written").unwrap();
    assert_eq!(spec, again);
    assert_eq!(Layout::compile(&spec).unwrap(), Layout::compile(&again).unwrap());
    // And through a file named by the `sheet` parameter.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sheet.toml");
    std::fs::write(&path, text).unwrap();
    let g = game_with(|r| r.sheet = path.display().to_string());
    assert_eq!(g.layout(), game().layout());
}

#[test]
fn the_default_sheet_is_rulings_layout_pp2_to_pp10() {
    let l = game().layout().clone();
    let n: Vec<u8> = l.puzzles.iter().map(|p| p.n).collect();
    assert_eq!(n, vec![15, 15, 24, 15], "PP-2 to PP-5");
    assert_eq!(l.nlinks, 4);
    assert_eq!(l.track_len[..4], [[4, 4]; 4], "PP-7");
    assert_eq!(l.fan.len(), 14, "PP-8: two halves of 3 central boxes and 4 icons");
    assert_eq!(l.chaperone_len, [4; 6], "PP-9");
    assert_eq!(l.chaperone_fp, [0b1000; 6], "PP-9: FP on the 4th box");
    assert_eq!(l.faux_pas_len, 6, "PP-10");
    assert_eq!((l.match_points, l.faux_pas_points), (10, -5));
    let d = &l.puzzles[DIAMOND];
    let rows: Vec<i32> = (0..6).map(|b| d.points[b]).collect();
    assert_eq!(
        rows,
        vec![1, 2, 3, 5, 7, 10],
        "track A's boxes, rows 6 to 4, then A1's rows 3 to 1"
    );
}

#[test]
fn icons_sit_where_pp26_puts_them() {
    let l = game().layout().clone();
    let kinds = [
        Icon::Heart,
        Icon::Diamond,
        Icon::Dice,
        Icon::Heart,
        Icon::Diamond,
        Icon::Heart,
        Icon::Diamond,
        Icon::Fan,
        Icon::Heart,
        Icon::Diamond,
    ];
    for (p, pz) in l.puzzles.iter().enumerate() {
        let n = pz.n as usize;
        let mut order: Vec<usize> = (0..n).collect();
        if p == DIAMOND {
            // Row by row from row 6 down, tracks left to right (boxes are numbered track by
            // track, so a stable sort by row keeps the track order).
            let row = |b: usize| pz.names[b].split(':').nth(1).unwrap().parse::<u8>().unwrap();
            order.sort_by_key(|&b| std::cmp::Reverse(row(b)));
        }
        let mut want = vec![Icon::None; n];
        for (k, &kind) in kinds.iter().enumerate() {
            want[order[(2 * k + 1) * n / 20]] = kind;
        }
        assert_eq!(pz.icon[..n], want[..], "puzzle {p}");
    }
}

fn refused(change: &str, replace: &str, wanted: &[&str]) {
    assert!(DEFAULT_SHEET.contains(change), "the default sheet has {change}");
    let text = DEFAULT_SHEET.replacen(change, replace, 1);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad-sheet.toml");
    std::fs::write(&path, text).unwrap();
    let err = layout::load(&path.display().to_string()).unwrap_err();
    assert!(!err.contains('\n'), "one line: {err}");
    assert!(err.contains("bad-sheet.toml"), "names the file: {err}");
    for w in wanted {
        assert!(err.contains(w), "{err} should say {w}");
    }
    // Through the game's build path, as `--set sheet=...` gives it (exit code 2).
    let set = format!("sheet={}", path.display());
    let err = crate::games::build("pride-prejudice", None, &[set]).unwrap_err().to_string();
    assert!(err.contains("bad-sheet.toml") && !err.contains('\n'), "{err}");
}

#[test]
fn an_icon_on_a_box_that_does_not_exist_is_refused() {
    refused(
        "{ box = 15, icon = \"diamond\" }",
        "{ box = 16, icon = \"diamond\" }",
        &["heart.icons[9].box", "1 to 15"],
    );
    refused(
        "{ track = \"B\", box = 6, icon = \"diamond\" }",
        "{ track = \"C\", box = 6, icon = \"diamond\" }",
        &["diamond.icons[9].track", "a name from diamond.tracks"],
    );
}

#[test]
fn a_track_with_no_boxes_is_refused() {
    refused(
        "{ name = \"A\", rows = [6, 5, 4] }",
        "{ name = \"A\", rows = [] }",
        &["diamond.tracks[0].rows", "1 or more boxes"],
    );
}

#[test]
fn a_negative_length_is_refused() {
    refused("boxes = 6", "boxes = -1", &["faux_pas.boxes", "-1", "1 to 20"]);
    refused(
        "hearts = 4, diamonds = 4, dice_box = true },\n    { between = [\"heart\"",
        "hearts = -4, diamonds = 4, dice_box = true },\n    { between = [\"heart\"",
        &["romance.links[0].hearts", "1 to 16"],
    );
}

#[test]
fn an_unknown_icon_is_refused() {
    refused(
        "{ box = 1, icon = \"heart\" }",
        "{ box = 1, icon = \"star\" }",
        &["heart.icons[0].icon", "star", "allowed: heart, diamond, dice, fan"],
    );
}

#[test]
fn an_unknown_key_or_a_missing_file_is_refused() {
    refused("[faux_pas]", "[faux_pas]\ncolour = 1", &["unknown field `colour`"]);
    let err = layout::load("/nonexistent/sheet.toml").unwrap_err();
    assert!(err.contains("/nonexistent/sheet.toml") && err.contains("cannot read"), "{err}");
}

#[test]
fn the_config_file_lists_every_parameter_with_its_origin() {
    use crate::core::rules::Rules;
    let text = include_str!("../../../../configs/pride-prejudice.toml");
    let mut rules = PrideRules::default();
    for p in rules.params() {
        let line = text
            .lines()
            .find(|l| l.starts_with(&format!("{} =", p.key)))
            .unwrap_or_else(|| panic!("{} missing from configs/pride-prejudice.toml", p.key));
        assert!(
            line.contains(&p.origin.to_string()),
            "{}: the comment should say {}",
            p.key,
            p.origin
        );
        let value = line.split('=').nth(1).unwrap().split('#').next().unwrap();
        rules.set(&p.key, &crate::core::rules::parse_value(value)).unwrap();
    }
    assert_eq!(rules, PrideRules::default());
}

/// The memos of greedy's pick sets and estimates (kept for speed) answer exactly what the
/// functions compute, also when two layouts (here: other match points) take turns on one
/// thread: each slot keeps the layout's fingerprint with the input.
#[test]
fn memos_give_the_functions_values_under_two_layouts_on_one_thread() {
    use crate::games::pride::engine::Turn;
    use crate::games::pride::memo;
    let spec = SheetSpec::parse(DEFAULT_SHEET, "default").unwrap();
    let mut other = spec.clone();
    other.scoring.match_points += 7;
    let (a, b) = (Layout::compile(&spec).unwrap(), Layout::compile(&other).unwrap());
    assert_ne!(a.fingerprint, b.fingerprint);
    let g = game();
    let mut s = g.new_state(3);
    let mut chance = crate::core::derive_rng(34, 0, 0);
    let mut rng = crate::core::derive_rng(34, 0, 1);
    let mut legal = Vec::new();
    let mut checked = 0;
    while !matches!(g.turn(&s), crate::core::Turn::Over) {
        match g.turn(&s) {
            crate::core::Turn::Chance => g.sample_chance(&mut s, &mut chance),
            _ => {
                for l in [&a, &b, &a] {
                    for m in &s.sheets[..3] {
                        let direct = score::estimate(l, m, &[]);
                        assert_eq!(memo::estimate(l, m).to_bits(), direct.to_bits());
                    }
                    let (mut m, mut c) = (s.sheets[s.actor()], s.ctx);
                    let t = Turn { l, dice: &s.dice, m: &mut m, c: &mut c };
                    assert_eq!(t.memo_pick_set(), t.pick_set());
                    checked += 1;
                }
                g.legal_actions(&s, &mut legal);
                g.apply(&mut s, legal[rand::RngExt::random_range(&mut rng, 0..legal.len())]);
            }
        }
    }
    assert!(checked > 100, "{checked} positions");
}
