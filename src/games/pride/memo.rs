//! Per-thread memos of three pure functions that greedy play asks again and again with the
//! same arguments: a fresh turn's pick set ([`super::engine::Turn::pick_set`]: the next
//! player's turn after each action greedy tries starts from the same sheet and dice, sample
//! after sample), the estimate of a sheet with nothing waiting ([`score::estimate`] of the
//! other players' visible sheets, the same for every action tried), and whether an action
//! can end the mover's turn (greedy's guard asks it for every action it tries that hands the
//! turn on). A slot keeps the function's whole input, with the layout's fingerprint, and is
//! used only when all of it is equal: a memo gives exactly what the function computes, so no
//! result changes (they only make greedy faster).

use std::cell::RefCell;
use std::thread::LocalKey;

use super::layout::Layout;
use super::score;
use super::sheet::MAX_LINKS;
use super::state::{Ctx, Marks};

/// Slots per memo (direct-mapped: a new input takes its slot's place).
const SLOTS: usize = 64;

/// Everything [`super::engine::Turn::pick_set`] reads.
#[derive(Clone, Copy, PartialEq)]
struct PickKey {
    layout: u64,
    ready: [u32; 4],
    dice: [u8; 5],
    candidates: u8,
    white_and_coloured: bool,
}

/// Everything [`score::estimate`] reads of a sheet, with an empty stack.
#[derive(Clone, Copy, PartialEq)]
struct EstimateKey {
    layout: u64,
    score: i32,
    romance: [[u8; 2]; MAX_LINKS],
}

/// Everything [`super::Pride::turn_may_end_in_one`] reads: the mover's sheet, turn and dice.
#[derive(Clone, Copy, PartialEq)]
struct TurnKey {
    layout: u64,
    sheet: Marks,
    ctx: Ctx,
    dice: [u8; 5],
}

thread_local! {
    static PICKS: RefCell<[Option<(PickKey, u32)>; SLOTS]> = const { RefCell::new([None; SLOTS]) };
    static ESTIMATES: RefCell<[Option<(EstimateKey, f64)>; SLOTS]> =
        const { RefCell::new([None; SLOTS]) };
    static TURN_ENDS: RefCell<[Option<(TurnKey, bool)>; SLOTS]> =
        const { RefCell::new([None; SLOTS]) };
}

/// A memo: `SLOTS` slots of (whole input, value), per thread.
type Memo<K, V> = LocalKey<RefCell<[Option<(K, V)>; SLOTS]>>;

/// The value for `key` (whose hash is `h`): the memo's when its slot holds this very input,
/// else `compute()`, kept in the slot.
fn recall<K: Copy + PartialEq + 'static, V: Copy + 'static>(
    memo: &'static Memo<K, V>,
    key: K,
    h: u64,
    compute: impl FnOnce() -> V,
) -> V {
    // Fibonacci hashing: the top bits of a multiply pick the slot.
    let i = (h.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - SLOTS.trailing_zeros())) as usize;
    memo.with(|memo| {
        if let Some((k, v)) = memo.borrow()[i]
            && k == key
        {
            return v;
        }
        let v = compute();
        memo.borrow_mut()[i] = Some((key, v));
        v
    })
}

/// [`super::engine::Turn::pick_set`] (`compute`) of a turn with these candidate dice on a sheet whose ready
/// boxes are `ready`, from the memo when this input was seen.
pub fn pick_set(
    l: &Layout,
    ready: [u32; 4],
    dice: &[u8; 5],
    (candidates, white_and_coloured): (u8, bool),
    compute: impl FnOnce() -> u32,
) -> u32 {
    let key = PickKey { layout: l.fingerprint, ready, dice: *dice, candidates, white_and_coloured };
    let r = key.ready.map(u64::from);
    let mut small = key.candidates as u64 | (key.white_and_coloured as u64) << 8;
    for (i, &d) in key.dice.iter().enumerate() {
        small |= (d as u64) << (16 + 8 * i);
    }
    let h = key.layout ^ (r[0] | r[1] << 32) ^ (r[2] | r[3] << 32).rotate_left(21) ^ small;
    recall(&PICKS, key, h, compute)
}

/// [`score::estimate`] of `m` with an empty stack, from the memo when this input was seen.
pub fn estimate(l: &Layout, m: &Marks) -> f64 {
    let key = EstimateKey { layout: l.fingerprint, score: m.score, romance: m.romance };
    let mut h = key.layout ^ key.score as u32 as u64;
    for (k, r) in key.romance.iter().enumerate() {
        h ^= (r[0] as u64 | (r[1] as u64) << 8) << (16 + 8 * k);
    }
    recall(&ESTIMATES, key, h, || score::estimate(l, m, &[]))
}

/// Whether some action ends the mover's turn (`compute`, which reads the mover's sheet `m`,
/// turn `c` and the `dice` under layout `l`), from the memo when this input was seen.
pub fn turn_ends(
    l: &Layout,
    m: &Marks,
    c: &Ctx,
    dice: &[u8; 5],
    compute: impl FnOnce() -> bool,
) -> bool {
    let key = TurnKey { layout: l.fingerprint, sheet: *m, ctx: *c, dice: *dice };
    let r = m.marks.map(u64::from);
    let h = key.layout
        ^ (r[0] | r[1] << 32)
        ^ (r[2] | r[3] << 32).rotate_left(21)
        ^ (c.seat as u64) << 3
        ^ (c.used as u64) << 11
        ^ u64::from_le_bytes([dice[0], dice[1], dice[2], dice[3], dice[4], c.depth, 0, 0])
            .rotate_left(40);
    recall(&TURN_ENDS, key, h, compute)
}
