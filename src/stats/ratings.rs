//! Ratings of bots from match results: the Elo difference implied by a win share, and a
//! Bradley-Terry model fitted to pairwise rank comparisons for any number of bots and seats.

/// Elo points per natural-log unit of strength: 400 / ln 10.
const ELO_PER_NAT: f64 = 173.717_792_761_245_3;

/// The Elo difference that gives expected score `share` (clamped away from 0 and 1).
pub fn elo_from_share(share: f64) -> f64 {
    let s = share.clamp(1e-9, 1.0 - 1e-9);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// A Bradley-Terry fit: log-strength per bot relative to bot 0, on the Elo scale, with
/// standard errors.
#[derive(Clone, Debug, PartialEq)]
pub struct BradleyTerry {
    pub elo: Vec<f64>,
    pub se: Vec<f64>,
}

/// Fit Bradley-Terry to pairwise results. `wins[i][j]` is how often i finished above j (ties
/// counted half), `games[i][j]` how often they were compared. One virtual tie between every
/// pair (a weak prior) keeps a bot that never won finite; with real sample sizes it moves
/// nothing. Fitted by Hunter's MM algorithm; standard errors from the inverse Fisher
/// information with bot 0 as the reference. Comparisons from one multi-player match are
/// treated as independent, so with more than two seats the errors are somewhat optimistic.
pub fn bradley_terry(wins: &[Vec<f64>], games: &[Vec<f64>]) -> BradleyTerry {
    bradley_terry_robust(wins, games, None)
}

/// Per-match score moments for the sandwich covariance: for each bot its score per match
/// (points against all others, ties half), summed, and the cross products summed, over
/// `matches` matches in each of which every pair of bots was compared once.
pub struct MatchScores<'a> {
    pub sum: &'a [f64],
    pub cross: &'a [Vec<f64>],
    pub matches: f64,
}

/// Bradley-Terry as [`bradley_terry`]; with `per_match`, the standard errors come from the
/// sandwich covariance I⁻¹ M I⁻¹, where M is the covariance of the per-match score vectors:
/// valid when comparisons within a match are correlated, as in multi-player games.
pub fn bradley_terry_robust(
    wins: &[Vec<f64>],
    games: &[Vec<f64>],
    per_match: Option<MatchScores<'_>>,
) -> BradleyTerry {
    let k = wins.len();
    let mut w = wins.to_vec();
    let mut n = games.to_vec();
    for i in 0..k {
        for j in 0..k {
            if i != j {
                w[i][j] += 0.5;
                n[i][j] += 1.0;
            }
        }
    }
    let total_wins: Vec<f64> = (0..k).map(|i| w[i].iter().sum()).collect();
    let mut pi = vec![1.0; k];
    for _ in 0..10_000 {
        let mut next = vec![0.0; k];
        for i in 0..k {
            let denom: f64 = (0..k).filter(|&j| j != i).map(|j| n[i][j] / (pi[i] + pi[j])).sum();
            next[i] = if denom > 0.0 { total_wins[i] / denom } else { pi[i] };
        }
        let norm = next[0];
        let mut change = 0.0f64;
        for i in 0..k {
            next[i] /= norm;
            change = change.max((next[i].ln() - pi[i].ln()).abs());
        }
        pi = next;
        if change < 1e-12 {
            break;
        }
    }
    let theta: Vec<f64> = pi.iter().map(|p| p.ln()).collect();
    // Fisher information of theta_1..theta_{k-1} (theta_0 = 0 fixed).
    let m = k - 1;
    let mut info = vec![vec![0.0; m]; m];
    for i in 0..k {
        for j in (i + 1)..k {
            let p = 1.0 / (1.0 + (theta[j] - theta[i]).exp());
            let v = n[i][j] * p * (1.0 - p);
            for (a, b, sign) in [(i, i, 1.0), (j, j, 1.0), (i, j, -1.0), (j, i, -1.0)] {
                if a > 0 && b > 0 {
                    info[a - 1][b - 1] += sign * v;
                }
            }
        }
    }
    let mut cov = invert(info);
    if let Some(ms) = per_match {
        // Expected score per match of each bot under the fit: the sum of its win chances.
        let e: Vec<f64> = (0..k)
            .map(|i| {
                (0..k).filter(|&j| j != i).map(|j| 1.0 / (1.0 + (theta[j] - theta[i]).exp())).sum()
            })
            .collect();
        let mut meat = vec![vec![0.0; m]; m];
        for a in 1..k {
            for b in 1..k {
                meat[a - 1][b - 1] =
                    ms.cross[a][b] - e[b] * ms.sum[a] - e[a] * ms.sum[b] + ms.matches * e[a] * e[b];
            }
        }
        cov = multiply(&multiply(&cov, &meat), &cov);
    }
    let mut se = vec![0.0; k];
    for i in 1..k {
        se[i] = cov[i - 1][i - 1].max(0.0).sqrt() * ELO_PER_NAT;
    }
    BradleyTerry { elo: theta.iter().map(|t| t * ELO_PER_NAT).collect(), se }
}

fn multiply(a: &[Vec<f64>], b: &[Vec<f64>]) -> Vec<Vec<f64>> {
    let m = a.len();
    (0..m).map(|i| (0..m).map(|j| (0..m).map(|l| a[i][l] * b[l][j]).sum()).collect()).collect()
}

/// Gauss-Jordan inversion of a small symmetric positive-definite matrix.
fn invert(mut a: Vec<Vec<f64>>) -> Vec<Vec<f64>> {
    let m = a.len();
    let mut inv: Vec<Vec<f64>> =
        (0..m).map(|i| (0..m).map(|j| if i == j { 1.0 } else { 0.0 }).collect()).collect();
    for col in 0..m {
        let pivot = (col..m).max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs())).unwrap();
        a.swap(col, pivot);
        inv.swap(col, pivot);
        let d = a[col][col];
        if d.abs() < 1e-300 {
            return vec![vec![f64::NAN; m]; m];
        }
        for j in 0..m {
            a[col][j] /= d;
            inv[col][j] /= d;
        }
        for r in 0..m {
            if r != col {
                let f = a[r][col];
                for j in 0..m {
                    a[r][j] -= f * a[col][j];
                    inv[r][j] -= f * inv[col][j];
                }
            }
        }
    }
    inv
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_of_known_shares() {
        assert!(elo_from_share(0.5).abs() < 1e-9);
        // A 3:1 score is 190.85 Elo points.
        assert!((elo_from_share(0.75) - 190.848_501_9).abs() < 1e-6);
        assert!((elo_from_share(0.25) + 190.848_501_9).abs() < 1e-6);
    }

    #[test]
    fn two_bots_reduce_to_the_share() {
        let wins = vec![vec![0.0, 7500.0], vec![2500.0, 0.0]];
        let games = vec![vec![0.0, 10_000.0], vec![10_000.0, 0.0]];
        let bt = bradley_terry(&wins, &games);
        // Bot 1 is 190.85 points below bot 0 (the prior shifts it by a hair).
        assert!((bt.elo[1] + 190.85).abs() < 0.1, "{:?}", bt.elo);
        // se of the log-odds: 1/sqrt(n p (1-p)) = 1/sqrt(1875) nats.
        assert!((bt.se[1] - ELO_PER_NAT / 1875f64.sqrt()).abs() < 0.05, "{:?}", bt.se);
    }

    #[test]
    fn sandwich_matches_the_model_when_matches_are_pairs() {
        // Two bots, 10,000 two-player matches, bot 0 scoring 0.6 (no ties): per-match scores
        // are Bernoulli, so the sandwich must agree with the model-based error.
        let n = 10_000.0;
        let wins = vec![vec![0.0, 0.6 * n], vec![0.4 * n, 0.0]];
        let games = vec![vec![0.0, n], vec![n, 0.0]];
        let model = bradley_terry(&wins, &games);
        let sum = [0.6 * n, 0.4 * n];
        let cross = vec![vec![0.6 * n, 0.0], vec![0.0, 0.4 * n]];
        let robust = bradley_terry_robust(
            &wins,
            &games,
            Some(MatchScores { sum: &sum, cross: &cross, matches: n }),
        );
        assert!((robust.se[1] / model.se[1] - 1.0).abs() < 0.01, "{robust:?} {model:?}");
    }

    #[test]
    fn three_bots_ordered_transitively() {
        // a beats b 60%, b beats c 60%, a beats c 69.2% (consistent with BT).
        let n = 5000.0;
        let wins = vec![
            vec![0.0, 0.6 * n, 0.692 * n],
            vec![0.4 * n, 0.0, 0.6 * n],
            vec![0.308 * n, 0.4 * n, 0.0],
        ];
        let games = vec![vec![0.0, n, n], vec![n, 0.0, n], vec![n, n, 0.0]];
        let bt = bradley_terry(&wins, &games);
        assert!(bt.elo[0] == 0.0 && bt.elo[1] < 0.0 && bt.elo[2] < bt.elo[1], "{:?}", bt.elo);
        assert!((bt.elo[1] + 70.4).abs() < 3.0, "{:?}", bt.elo);
    }
}
