//! A solo game's figures (PP-15): one player always ranks first, which is no win, so every
//! win figure is undefined (NaN, written as an empty cell) and the verdict says what solo
//! reports instead: the score's distribution and the end reasons.

use super::{Balance, CONFIDENCE, Rating, SeatBalance, ShapeFigure};
use crate::stats::Tally;
use crate::stats::intervals::wilson;

const NAN2: (f64, f64) = (f64::NAN, f64::NAN);

/// The balance of a solo tally: no share, no test, and the verdict.
pub(super) fn balance(t: &Tally, labels: &[String]) -> Balance {
    let side = &t.seats[0];
    let seat = SeatBalance {
        seat: 0,
        win_rate: f64::NAN,
        ci: NAN2,
        decisive: t.matches - t.capped - t.shared_first,
        sole_wins: side.wins,
        decisive_rate: f64::NAN,
        decisive_ci: NAN2,
        fair_share: f64::NAN,
        diff_pp: f64::NAN,
        diff_ci_pp: NAN2,
        p_value: f64::NAN,
        p_holm: f64::NAN,
    };
    let finished = t.matches - t.capped;
    let bots =
        if labels.is_empty() { String::new() } else { format!(", bot {}", labels.join(",")) };
    let verdict = format!(
        "solo game (1 player, n = {}{bots}): no win share and no balance test (PP-15); its statistics are the score's distribution (seats.csv: mean {:.2}, sd {:.2}, with its interval; metrics.csv: the score's parts) and the end reasons (the game's end counters in metrics.csv); {finished} finished, {} capped",
        t.matches,
        side.mean_score(),
        side.sd_score(),
        t.capped
    );
    Balance { seats: vec![seat], chi_square: (f64::NAN, 0, f64::NAN), verdict }
}

/// The one bot of a solo game: nobody to win against, so no share and no rating.
pub(super) fn rating(labels: &[String]) -> Rating {
    Rating {
        slot: 0,
        label: labels[0].clone(),
        win_rate: f64::NAN,
        ci: NAN2,
        elo: f64::NAN,
        elo_ci: NAN2,
        method: "not estimable: a solo game has no win share (PP-15)",
    }
}

/// The shape of a solo game: no winner, so no share of anything won or drawn; only the cap.
pub(super) fn shape(t: &Tally) -> Vec<ShapeFigure> {
    let undefined = |figure, ludii| ShapeFigure {
        figure,
        value: f64::NAN,
        ci: NAN2,
        method: "undefined: a solo game has no winner (PP-15)",
        ludii,
    };
    let capped = ShapeFigure {
        figure: "capped_share",
        value: t.capped as f64 / t.matches as f64,
        ci: wilson(t.capped as f64, t.matches, CONFIDENCE),
        method: "wilson95",
        ludii: "Timeouts",
    };
    vec![
        undefined("sole_winner_share", "Completion"),
        undefined("draw_share", "Drawishness"),
        capped,
        undefined("seat0_sole_win_share", "AdvantageP1"),
        undefined("balance", "Balance"),
    ]
}

#[cfg(test)]
mod tests {
    use super::super::{balance, ratings, shape};
    use super::*;
    use crate::core::{MatchLength, Outcome, ScoreOrder};

    fn bots(labels: &[&str]) -> Vec<String> {
        labels.iter().map(|l| l.to_string()).collect()
    }

    #[test]
    fn a_solo_game_reports_no_win_share_pp15() {
        // Solo Pride once reported a win share of 1.0: one player always ranks first, which
        // is no win. Every win
        // figure is undefined (an empty cell), the verdict says what solo reports.
        let mut t = Tally::new(1, 0);
        for score in [90, 120, 135] {
            let o = Outcome::finished(&[score], ScoreOrder::HigherWins, 10, 10);
            t.record(&o, &[0], &MatchLength::default(), None, &[]);
        }
        let b = balance(&t, &bots(&["random"]), 1.0);
        let seat = &b.seats[0];
        for x in [seat.win_rate, seat.ci.0, seat.decisive_rate, seat.fair_share, seat.p_value] {
            assert!(x.is_nan(), "{seat:?}");
        }
        assert!(b.verdict.starts_with("solo game (1 player, n = 3, bot random): no win share"));
        assert!(b.verdict.contains("mean 115.00"), "{}", b.verdict);
        let (ratings, difference) = ratings(&t, &bots(&["random"]), 1);
        assert!(ratings[0].win_rate.is_nan() && ratings[0].elo.is_nan() && difference.is_none());
        let shape = shape(&t);
        let value = |f: &str| shape.iter().find(|r| r.figure == f).unwrap().value;
        assert!(value("sole_winner_share").is_nan() && value("seat0_sole_win_share").is_nan());
        assert!(value("balance").is_nan() && value("draw_share").is_nan());
        assert_eq!(value("capped_share"), 0.0);
    }
}
