//! The unit win shares are counted in, a leaf that every tally and estimate shares (so that
//! the tally and the estimates built on it never import each other).

/// Win shares are counted in units of 1/840: 840 = lcm(1..=8), so a win shared by any number
/// of players up to `MAX_SEATS` is an exact integer.
pub const SHARE_UNIT: u64 = 840;
