//! The names of the CSV columns arena writes and reads back, one constant per column (and,
//! where a page only shows a list, the list), grouped by file. The writers take their headers from here (directly, or through the folder's
//! column dictionary in `output::columns`, whose every name a test holds to these), and
//! `report` reads the same constants, so a column renamed in one place is renamed for both;
//! the report never names a column in a string of its own. It sits on the lowest floor
//! because `output` and `report` are siblings that may not import each other.
//!
//! A column whose name carries a seat or a metric is a function (`sweep::seat_win(2)` is
//! `seat2_win`). Names that only a hand-made or older file uses, which the report still
//! reads, are kept here too, each said to be one.

/// `seats.csv`: one row per seat (the shared side columns, then the seat test's).
pub mod seats {
    pub const SEAT: &str = "seat";
    pub const MATCHES: &str = "matches";
    pub const WIN_RATE: &str = "win_rate";
    pub const CI_LOW: &str = "ci_low";
    pub const CI_HIGH: &str = "ci_high";
    pub const CI_METHOD: &str = "ci_method";
    pub const DECISIVE_MATCHES: &str = "decisive_matches";
    pub const SOLE_WINS: &str = "sole_wins";
    pub const DECISIVE_WIN_RATE: &str = "decisive_win_rate";
    pub const DECISIVE_CI_LOW: &str = "decisive_ci_low";
    pub const DECISIVE_CI_HIGH: &str = "decisive_ci_high";
    pub const FAIR_SHARE: &str = "fair_share";
    pub const DIFF_PP: &str = "diff_pp";
    pub const DIFF_CI_LOW_PP: &str = "diff_ci_low_pp";
    pub const DIFF_CI_HIGH_PP: &str = "diff_ci_high_pp";
    pub const P_VALUE: &str = "p_value";
    pub const P_HOLM: &str = "p_holm";
    pub const CAPPED: &str = "capped";
    pub const MEAN_SCORE: &str = "mean_score";
    pub const SD_SCORE: &str = "sd_score";
    pub const SCORE_CI_LOW: &str = "score_ci_low";
    pub const SCORE_CI_HIGH: &str = "score_ci_high";
    pub const WINS: &str = "wins";
    pub const DRAWS: &str = "draws";
    /// The columns a run's page shows, in its order.
    pub const SHOWN: [&str; 11] = [
        SEAT,
        MATCHES,
        WINS,
        DRAWS,
        WIN_RATE,
        CI_LOW,
        CI_HIGH,
        DIFF_PP,
        DIFF_CI_LOW_PP,
        DIFF_CI_HIGH_PP,
        P_HOLM,
    ];
    /// The columns a solo game's page shows (it has no win share), in its order.
    pub const SOLO_SHOWN: [&str; 7] =
        [SEAT, MATCHES, CAPPED, MEAN_SCORE, SD_SCORE, SCORE_CI_LOW, SCORE_CI_HIGH];
}

/// `difference.csv`: the two slots' head to head.
pub mod difference {
    /// The columns a run's page shows, in its order.
    pub const SHOWN: [&str; 8] =
        ["bot_a", "bot_b", "share_a", "share_b", "difference", "ci_low", "ci_high", "elo_a_over_b"];
}

/// `ratings.csv`: one row per slot of `--bots`.
pub mod ratings {
    pub const SLOT: &str = "slot";
    pub const BOT: &str = "bot";
    pub const WIN_RATE: &str = "win_rate";
    pub const CI_LOW: &str = "ci_low";
    pub const CI_HIGH: &str = "ci_high";
    pub const ELO: &str = "elo";
    pub const ELO_CI_LOW: &str = "elo_ci_low";
    pub const ELO_CI_HIGH: &str = "elo_ci_high";
    /// The columns a run's page shows, in its order.
    pub const SHOWN: [&str; 8] =
        [SLOT, BOT, WIN_RATE, CI_LOW, CI_HIGH, ELO, ELO_CI_LOW, ELO_CI_HIGH];
}

/// `lengths.csv`: one row per length measure (turns, rounds, decisions).
pub mod lengths {
    pub const MEASURE: &str = "measure";
    pub const MATCHES: &str = "matches";
    pub const MEAN: &str = "mean";
    pub const SD: &str = "sd";
    pub const MIN: &str = "min";
    pub const P5: &str = "p5";
    pub const P25: &str = "p25";
    pub const P50: &str = "p50";
    pub const P75: &str = "p75";
    pub const P95: &str = "p95";
    pub const MAX: &str = "max";
    /// The columns a run's page shows, in its order.
    pub const SHOWN: [&str; 11] = [MEASURE, MATCHES, MEAN, SD, MIN, P5, P25, P50, P75, P95, MAX];
}

/// `histograms.csv`: one row per measure and value.
pub mod histograms {
    pub const MEASURE: &str = "measure";
    pub const VALUE: &str = "value";
    pub const COUNT: &str = "count";
}

/// `metrics.csv`: one row per game counter.
pub mod metrics {
    pub const METRIC: &str = "metric";
    pub const MATCHES: &str = "matches";
    pub const MEAN: &str = "mean";
    pub const SD: &str = "sd";
    pub const CI_LOW: &str = "ci_low";
    pub const CI_HIGH: &str = "ci_high";
    pub const TOTAL: &str = "total";
    pub const MIN: &str = "min";
    pub const MAX: &str = "max";
    /// The columns a run's page shows, in its order.
    pub const SHOWN: [&str; 9] = [METRIC, MATCHES, MEAN, SD, CI_LOW, CI_HIGH, TOTAL, MIN, MAX];
}

/// `options.csv`: one row per option kind and bot.
pub mod options {
    pub const BOT: &str = "bot";
    pub const KIND: &str = "kind";
    pub const WORDS: &str = "words";
    pub const EVIDENCE: &str = "evidence";
    pub const P_HOLM: &str = "p_holm";
    pub const MARK: &str = "mark";
    pub const TAKEN_PERCENT: &str = "taken_percent";
    pub const PREFERENCE: &str = "preference";
    pub const TEST_COMMAND: &str = "test_command";
    pub const CLUSTERS_TAKEN: &str = "clusters_taken";
    pub const CLUSTERS_NOT_TAKEN: &str = "clusters_not_taken";
    /// What a folder written before the per-side cluster columns counted as both sides'.
    pub const OLDER_CLUSTERS: &str = "matches";
    /// The effect on the win share, in pp, with its interval (games with a winner).
    pub const DIFFERENCE_PP: &str = "difference_pp";
    pub const CI_LOW_PP: &str = "ci_low_pp";
    pub const CI_HIGH_PP: &str = "ci_high_pp";
    /// The effect on the final score, with its interval (a solo game).
    pub const DIFFERENCE_POINTS: &str = "difference_points";
    pub const CI_LOW_POINTS: &str = "ci_low_points";
    pub const CI_HIGH_POINTS: &str = "ci_high_points";
}

/// `skill_luck.csv`: one row per figure (and seat where it is a seat's).
pub mod skill_luck {
    pub const FIGURE: &str = "figure";
    pub const SEAT: &str = "seat";
    pub const VALUE: &str = "value";
    pub const CI_LOW: &str = "ci_low";
    pub const CI_HIGH: &str = "ci_high";
    pub const N: &str = "n";
    pub const METHOD: &str = "method";
    pub const BOTS: &str = "bots";
}

/// `sweep.csv`: one row per variant; the varied keys sit between `folder` and `matches`.
pub mod sweep {
    pub const VARIANT: &str = "variant";
    pub const FOLDER: &str = "folder";
    pub const MATCHES: &str = "matches";
    pub const CAPPED: &str = "capped";
    pub const WIN_CI_METHOD: &str = "win_ci_method";
    pub const CHI_SQUARE: &str = "chi_square";
    pub const CHI_SQUARE_DF: &str = "chi_square_df";
    pub const CHI_SQUARE_P: &str = "chi_square_p";
    pub const MAX_SEAT_DEVIATION_PP: &str = "max_seat_deviation_pp";
    pub const MAX_SEAT_DEVIATION_CI_LOW: &str = "max_seat_deviation_ci_low";
    pub const MAX_SEAT_DEVIATION_CI_HIGH: &str = "max_seat_deviation_ci_high";
    pub const TURNS_MEAN: &str = "turns_mean";
    pub const TURNS_CI_LOW: &str = "turns_ci_low";
    pub const TURNS_CI_HIGH: &str = "turns_ci_high";
    /// The figures after the seats' columns, in the file's order.
    pub const FIGURES: [&str; 10] = [
        WIN_CI_METHOD,
        CHI_SQUARE,
        CHI_SQUARE_DF,
        CHI_SQUARE_P,
        MAX_SEAT_DEVIATION_PP,
        MAX_SEAT_DEVIATION_CI_LOW,
        MAX_SEAT_DEVIATION_CI_HIGH,
        TURNS_MEAN,
        TURNS_CI_LOW,
        TURNS_CI_HIGH,
    ];

    /// Seat `s`'s win share.
    pub fn seat_win(s: usize) -> String {
        format!("seat{s}_win")
    }
    pub fn seat_ci_low(s: usize) -> String {
        format!("seat{s}_ci_low")
    }
    pub fn seat_ci_high(s: usize) -> String {
        format!("seat{s}_ci_high")
    }
    /// The mean of game counter `metric` per match.
    pub fn mean_of(metric: &str) -> String {
        format!("mean_{metric}")
    }

    /// Names a hand-made sweep table may use, which the report reads too: the variant's
    /// name, a flag column for the baseline, a mean length, and one varied
    /// `parameter`/`value` pair.
    pub mod hand_made {
        pub const NAME: &str = "name";
        pub const BASELINE: &str = "baseline";
        pub const IS_BASELINE: &str = "is_baseline";
        pub const MEAN_TURNS: &str = "mean_turns";
        pub const PARAMETER: &str = "parameter";
        pub const VALUE: &str = "value";
    }
}

/// `sweep_diff.csv`: one row per variant (but the baseline) and paired quantity.
pub mod sweep_diff {
    pub const VARIANT: &str = "variant";
    pub const BASELINE: &str = "baseline";
    pub const QUANTITY: &str = "quantity";
    pub const MATCHES: &str = "matches";
    pub const VARIANT_MEAN: &str = "variant_mean";
    pub const BASELINE_MEAN: &str = "baseline_mean";
    pub const DIFFERENCE: &str = "difference";
    pub const CI_LOW: &str = "ci_low";
    pub const CI_HIGH: &str = "ci_high";
    pub const CI_METHOD: &str = "ci_method";
    pub const INDEPENDENT_CI_LOW: &str = "independent_ci_low";
    pub const INDEPENDENT_CI_HIGH: &str = "independent_ci_high";
    pub const VARIANCE_REDUCTION: &str = "variance_reduction";
    /// What a hand-made table may call the difference.
    pub const HAND_MADE_DIFF: &str = "diff";
    pub const HEADER: [&str; 13] = [
        VARIANT,
        BASELINE,
        QUANTITY,
        MATCHES,
        VARIANT_MEAN,
        BASELINE_MEAN,
        DIFFERENCE,
        CI_LOW,
        CI_HIGH,
        CI_METHOD,
        INDEPENDENT_CI_LOW,
        INDEPENDENT_CI_HIGH,
        VARIANCE_REDUCTION,
    ];
}

/// `ladder.csv`: one row per rung.
pub mod ladder {
    pub const RUNG: &str = "rung";
    pub const BOT: &str = "bot";
    pub const RATING_ELO: &str = "rating_elo";
    pub const RATING_LO: &str = "rating_lo";
    pub const RATING_HI: &str = "rating_hi";
    pub const SELF_PLAY_MATCHES: &str = "self_play_matches";
    pub const SELF_PLAY_CAPPED: &str = "self_play_capped";
    pub const SEAT0_SHARE: &str = "seat0_share";
    pub const SEAT0_LO: &str = "seat0_lo";
    pub const SEAT0_HI: &str = "seat0_hi";
    pub const FAIR_SHARE: &str = "fair_share";
    pub const SEAT0_EDGE_PP: &str = "seat0_edge_pp";
    pub const SELF_PLAY_DRAWS: &str = "self_play_draws";
    pub const SELF_PLAY_DECISIVE_MATCHES: &str = "self_play_decisive_matches";
    pub const SEAT0_DECISIVE_WIN_RATE: &str = "seat0_decisive_win_rate";
    pub const SEAT0_DECISIVE_CI_LOW: &str = "seat0_decisive_ci_low";
    pub const SEAT0_DECISIVE_CI_HIGH: &str = "seat0_decisive_ci_high";
    pub const VS_BOT: &str = "vs_bot";
    pub const H2H_MATCHES: &str = "h2h_matches";
    pub const H2H_COMPARISONS: &str = "h2h_comparisons";
    pub const H2H_SHARE: &str = "h2h_share";
    pub const H2H_LO: &str = "h2h_lo";
    pub const H2H_HI: &str = "h2h_hi";
    pub const DESIGN_EFFECT: &str = "design_effect";
    pub const SEPARATED: &str = "separated";
    pub const UPSET_SHARE: &str = "upset_share";
    pub const H2H_STOPPED: &str = "h2h_stopped";
    pub const SELF_PLAY_STOPPED: &str = "self_play_stopped";
    pub const HEADER: [&str; 28] = [
        RUNG,
        BOT,
        RATING_ELO,
        RATING_LO,
        RATING_HI,
        SELF_PLAY_MATCHES,
        SELF_PLAY_CAPPED,
        SEAT0_SHARE,
        SEAT0_LO,
        SEAT0_HI,
        FAIR_SHARE,
        SEAT0_EDGE_PP,
        SELF_PLAY_DRAWS,
        SELF_PLAY_DECISIVE_MATCHES,
        SEAT0_DECISIVE_WIN_RATE,
        SEAT0_DECISIVE_CI_LOW,
        SEAT0_DECISIVE_CI_HIGH,
        VS_BOT,
        H2H_MATCHES,
        H2H_COMPARISONS,
        H2H_SHARE,
        H2H_LO,
        H2H_HI,
        DESIGN_EFFECT,
        SEPARATED,
        UPSET_SHARE,
        H2H_STOPPED,
        SELF_PLAY_STOPPED,
    ];
}

/// `ladder_figures.csv`: one row per skill figure.
pub mod ladder_figures {
    pub const FIGURE: &str = "figure";
    pub const VALUE: &str = "value";
    pub const LO: &str = "lo";
    pub const HI: &str = "hi";
    pub const MATCHES: &str = "matches";
    pub const BOTS: &str = "bots";
    pub const METHOD: &str = "method";
    pub const HEADER: [&str; 7] = [FIGURE, VALUE, LO, HI, MATCHES, BOTS, METHOD];
}

/// `ladder_failures.csv`: one row per failed match of a ladder.
pub mod ladder_failures {
    pub const HEADER: [&str; 6] = ["job", "bots", "seed", "match", "deal", "message"];
}
