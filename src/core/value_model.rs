//! What makes a game's point values tunable by `arena tune`: a list of rule parameters that
//! are points a designer sets by hand, and how hard each one's points are to earn, measured
//! from the game's own counters after play. A game opts in by returning its model from
//! [`GameStats::value_model`](crate::core::GameStats::value_model); the tuning itself (the
//! measurement, the proposal inversely proportional to how often a value is earned, the SPSA
//! search and the confirmation) is the same for every game and knows no game by name.

/// The totals of a game's counters over a set of matches, by the names
/// [`GameStats::metric_names`](crate::core::GameStats::metric_names) gives them.
#[derive(Clone, Copy, Debug)]
pub struct MetricTotals<'a> {
    names: &'a [String],
    sums: &'a [i128],
}

impl<'a> MetricTotals<'a> {
    /// `names[i]`'s total is `sums[i]`.
    pub fn new(names: &'a [String], sums: &'a [i128]) -> Self {
        debug_assert_eq!(names.len(), sums.len());
        MetricTotals { names, sums }
    }

    /// The total of the counter `name`; 0 when the game has no such counter (a counter a
    /// configuration never increments is 0 too, so the two read alike).
    pub fn get(&self, name: &str) -> i128 {
        self.names.iter().position(|n| n == name).map_or(0, |i| self.sums[i])
    }

    /// The sum of every counter whose name starts with `prefix`.
    pub fn sum_prefixed(&self, prefix: &str) -> i128 {
        self.names
            .iter()
            .zip(self.sums)
            .filter(|(n, _)| n.starts_with(prefix))
            .map(|(_, s)| s)
            .sum()
    }
}

/// What an earn rate measures, said three ways.
#[derive(Clone, Copy, Debug)]
pub struct RateWords {
    /// Words that follow "how often", for the proposal's rules file (DARDZ: `each number is
    /// scored per turn in a hand`).
    pub sentence: &'static str,
    /// A short heading for stdout's table (`scored/hand-turn`).
    pub heading: &'static str,
    /// The column of `tune.csv` (`scored_per_hand_turn`).
    pub column: &'static str,
}

/// A game's tunable point values and how to measure how hard each is to earn.
pub trait ValueModel: Sync {
    /// The rule parameters tuned, in order (DARDZ: `value_1` .. `value_12`); every one an
    /// integer parameter of the game's rules.
    fn keys(&self) -> Vec<String>;

    /// What one tuned value belongs to, as a table's first column names it (DARDZ:
    /// `number`, the card's number). Value `i` is called by `i + 1`.
    fn item(&self) -> &'static str;

    /// How hard each value is to earn: per opportunity, the chance it is earned (DARDZ: per
    /// turn a card of that number sits in a hand, the chance it is scored), one per key, each
    /// above 0. Err says which value was never earned.
    fn earn_rate(&self, totals: MetricTotals) -> Result<Vec<f64>, String>;

    /// What the earn rate measures, in words ([`RateWords`]).
    fn rate_words(&self) -> RateWords;

    /// Value `i`'s share of all points scored (0 to 1).
    fn point_share(&self, totals: MetricTotals, i: usize) -> f64;

    /// The principle of the proposal, for the tuning's record.
    fn principle(&self) -> &'static str;
}
