//! `COLUMNS.md`: the column dictionary every result folder carries, so that a folder read the
//! morning after an overnight run explains itself: every file, every column with its unit or
//! type, what it means and, for every interval, how it was computed; and every game metric
//! with what it counts (from [`GameStats::metric_docs`](crate::core::GameStats::metric_docs)).
//!
//! The CSV writers take their headers from here ([`header`]): each column is named once, with
//! its unit and meaning, in the order the file has it. `tests/it/columns.rs` keeps the rest
//! from drifting: it runs every game and checks that each manifest key and each metric is
//! described here too.
//!
//! The entries are written one line per column, `name | unit | meaning | interval method`
//! (the method only for intervals), in plain strings so that they read like the table they
//! become.

use std::fmt::Write as _;
use std::path::Path;

use crate::core::layout::{
    BALANCE_CSV, BOTS_CSV, COLUMNS_MD, DECOMPOSITION_CSV, DIFFERENCE_CSV, FAILURES_CSV,
    FINAL_STATE, HISTOGRAMS_CSV, LENGTHS_CSV, MANIFEST, MATCHES_CSV, METRICS_CSV, NOTABLE_FILE,
    OPTIONS_CSV, PAIRING_CSV, PLAN_FILE, RATINGS_CSV, SEATS_CSV, SHAPE_CSV, SHARD_TALLY,
    SKILL_LUCK_CSV, VERDICT_TXT,
};
use crate::output::atomic::write_atomic;

/// The folder-wide conventions, printed before the files.
const PREAMBLE: &str = "\
# Column dictionary

Every file of this result folder and every column of each CSV file: its unit or type, what it
means, and for every interval how it was computed. The game's own counters (the rows of
`metrics.csv`) are described at the end.

Conventions:
- An **empty cell** means undefined or not estimable: a figure over zero matches, an Elo
  under fixed seating, a quantile of an empty distribution.
- Seats are numbered from 0 in playing order: seat 0 moves first (RULINGS G-1). A **slot** is
  a position in `--bots` (one bot per slot); with `--seating rotate` or `permute` each slot
  plays every seat.
- A **win share** counts a sole win as 1, a first place shared by k players as 1/k each, and a
  match stopped by the turn cap as 0 for everyone (RULINGS G-2, G-3). A **decisive** match has
  a sole winner.
- Failed matches (a panic) count nowhere but in `failures.csv`.
- A **text cell** that begins with `=`, `+`, `-`, `@`, a tab, a line break or NUL (a label,
  a rule value or a file name as typed) is written with a leading `'`, so that a spreadsheet
  shows it as text rather than running it as a formula (OWASP's CSV-injection rule), and so
  is one that begins with `'`; numbers such as `-0.25` are written as they are. `arena
  report` shows the text without the added `'`.
- Every interval is two-sided at 95%; its method is named in the last column below.
";

/// One file of the folder: name, when it is there, what one row is, its columns.
struct FileDoc {
    name: &'static str,
    /// Said after the name; empty for files every folder has.
    when: &'static str,
    about: &'static str,
    /// `name | unit | meaning [| interval method]`, one line per column (or JSON key).
    columns: &'static str,
}

/// The columns `seats.csv` and `bots.csv` share.
const SIDE: &str = "
matches | count | matches counted
wins | count | matches won alone
draws | count | matches with first place shared with others
capped | count | matches stopped by the turn cap (no winner, RULINGS G-2)
win_rate | share 0-1 | win share per match (sole win 1, shared first 1/k, capped 0)
ci_low | share 0-1 | lower end of the 95% interval of `win_rate` | Wilson score 95%, win shares as fractional successes
ci_high | share 0-1 | upper end of the 95% interval of `win_rate` | Wilson score 95%, win shares as fractional successes
ci_method | text | the method of `ci_low`/`ci_high`: `wilson95`
mean_score | game points | mean final score (the game's own score: points, or 1/0 for tic-tac-toe)
sd_score | game points | sample standard deviation of the final score
score_ci_low | game points | lower end of the 95% interval of `mean_score` | normal 95%: mean - 1.96 sd / sqrt(n)
score_ci_high | game points | upper end of the 95% interval of `mean_score` | normal 95%: mean + 1.96 sd / sqrt(n)
";

const SEATS_EXTRA: &str = "
decisive_matches | count | matches with a sole winner: the population of the seat test
sole_wins | count | decisive matches this seat won
decisive_win_rate | share 0-1 | `sole_wins / decisive_matches`
decisive_ci_low | share 0-1 | lower end of the interval of `decisive_win_rate` | Wilson score 95%
decisive_ci_high | share 0-1 | upper end of the interval of `decisive_win_rate` | Wilson score 95%
fair_share | share 0-1 | 1/players: every seat's share of decisive matches if all seats were equal
diff_pp | percentage points | `decisive_win_rate - fair_share`: the seat's advantage (negative: a disadvantage)
diff_ci_low_pp | percentage points | lower end of the interval of `diff_pp` | the Wilson 95% interval of `decisive_win_rate` shifted by `fair_share`; per seat, not adjusted for multiplicity
diff_ci_high_pp | percentage points | upper end of the interval of `diff_pp` | the Wilson 95% interval of `decisive_win_rate` shifted by `fair_share`; per seat, not adjusted for multiplicity
p_value | probability | exact two-sided binomial test of `sole_wins` of `decisive_matches` against `fair_share` (minimum-likelihood method, as R's binom.test); written as 0 when below 1e-300, which the column keeps numeric; the true p-value is never zero
p_holm | probability | `p_value` Holm-adjusted across the seats when there are three or more (with two seats the two tests are one hypothesis, so it equals `p_value`); written as 0 when below 1e-300, as `p_value`
test_method | text | the test, named
";

const FILES: &[FileDoc] = &[
    FileDoc {
        name: SEATS_CSV,
        when: "",
        about: "One row per seat. The seat test and `diff_pp` concern one quantity: the seat's \
                share of the decisive matches against 1/players.",
        columns: "seat | integer | seat number; 0 moves first",
    },
    FileDoc {
        name: BALANCE_CSV,
        when: "",
        about: "One row: the test that all seats win equally often.",
        columns: "
test | text | `all_seats_equal`
n | count | decisive matches (sole winner)
statistic | chi-square | Pearson's chi-square of the seats' sole wins against equal shares
df | integer | degrees of freedom: players - 1
p_value | probability | upper tail of the chi-square distribution at `statistic`; written as 0 when below 1e-300; the true p-value is never zero
method | text | the test, named
",
    },
    FileDoc {
        name: BOTS_CSV,
        when: "",
        about: "One row per lineup slot, over all the seats that slot played.",
        columns: "
slot | integer | position in `--bots`, from 0
bot | text | the bot as written in `--bots` (profile and inline overrides)
",
    },
    FileDoc {
        name: RATINGS_CSV,
        when: "",
        about: "One row per lineup slot: strength relative to slot 0.",
        columns: "
slot | integer | position in `--bots`
bot | text | the bot as written in `--bots`
win_rate | share 0-1 | win share per match, as in `bots.csv`
ci_low | share 0-1 | lower end of the interval of `win_rate` | Wilson score 95%
ci_high | share 0-1 | upper end of the interval of `win_rate` | Wilson score 95%
elo | Elo points | rating relative to slot 0 (0 by definition); empty under fixed seating, where a bot's strength cannot be told from its seat's advantage
elo_ci_low | Elo points | lower end of the interval of `elo` | two slots: the paired normal 95% interval of `difference.csv` mapped through the logistic; more slots: Bradley-Terry (MM fit on rank comparisons) with sandwich standard errors, normal 95%
elo_ci_high | Elo points | upper end of the interval of `elo` | as `elo_ci_low`
method | text | how `elo` and its interval were obtained for this row (`reference` for slot 0)
",
    },
    FileDoc {
        name: DIFFERENCE_CSV,
        when: "two-bot lineups with rotate or permute seating",
        about: "One row: the two bots head to head.",
        columns: "
bot_a | text | slot 0's bot
bot_b | text | slot 1's bot
share_a | share 0-1 | slot 0's win share per match
share_b | share 0-1 | slot 1's win share per match
difference | share difference | `share_a - share_b`
ci_low | share difference | lower end of the interval of `difference` | normal 95% with deal groups as the independent units (paired), or over single matches; named in `ci_method`
ci_high | share difference | upper end of the interval of `difference` | as `ci_low`
ci_method | text | the method of `ci_low`/`ci_high`
elo_a_over_b | Elo points | Elo of `bot_a` over `bot_b` from a's score in their comparisons (draws half)
elo_ci_low | Elo points | lower end of the interval of `elo_a_over_b` | the interval of `difference`, carried to the score and mapped through the logistic
elo_ci_high | Elo points | upper end of the interval of `elo_a_over_b` | as `elo_ci_low`
comparisons | count | matches in which the two bots were ranked against each other
",
    },
    FileDoc {
        name: PAIRING_CSV,
        when: "",
        about: "One row per figure: what analysing matches by deal group (every deal played \
                under every seating) did to the figure's variance. Rows: `seat N` (a seat's \
                win share), `slot N (bot)` (a bot's win share), `slot 0 (a) - slot 1 (b)` (the \
                difference, two slots only). No rows with fewer than two complete groups.",
        columns: "
figure | text | the figure
groups | count | complete deal groups
group_size | count | matches per group: players for rotate, players! for permute, 1 for fixed
var_independent | share squared | variance of the figure's estimate if the matches were independent: s^2 over matches / matches
var_paired | share squared | variance of the estimate with deal groups as the units: s^2 of group means / groups
variance_reduction | fraction | 1 - var_paired / var_independent: the share of variance the pairing removed (negative when a deal favours the same seat in every rotation); itself an estimate, standard error about sqrt(2 / (groups - 1))
",
    },
    FileDoc {
        name: SHAPE_CSV,
        when: "",
        about: "One row per figure of the game's shape: `sole_winner_share` (Ludii's \
                Completion), `draw_share` (shared first place, Drawishness), `capped_share` \
                (Timeouts), `seat0_sole_win_share` (AdvantageP1), `balance` (1 - the largest \
                difference between two seats' sole-win rates, Balance).",
        columns: "
figure | text | the figure
n | count | matches counted
value | share 0-1 | the figure
ci_low | share 0-1 | lower end of the interval of `value` | Wilson score 95% for the shares; for `balance` the delta method on the most different pair of seats, Bonferroni-widened to 95% over all pairs
ci_high | share 0-1 | upper end of the interval of `value` | as `ci_low`
method | text | the interval's method, named
ludii_metric | text | the Ludii metric that is the same figure
",
    },
    FileDoc {
        name: LENGTHS_CSV,
        when: "",
        about: "One row per length measure with at least one value: `decisions` (bot \
                decisions), `chance_events` (dice rolls, shuffles, draws), `turns` (the game's \
                own turns), `rounds` (rounds where the game has them, else 1), `margin` \
                (first place's score minus the best of the rest, finished matches; 0 for a \
                shared first place), and for games with running scores `lead_changes` (times \
                the sole leader changed) and `decided_percent` (when the eventual sole winner \
                took the lead for good, as a percentage of the match's turns, rounded; its row \
                comes with `lead_changes`, with empty cells and `matches` 0 where no match had \
                a sole winner, as in a solo game, which has no winner: PP-15).",
        columns: "
measure | text | the measure
matches | count | matches with a value of it
mean | the measure's unit | exact mean (from integer histograms)
sd | the measure's unit | exact sample standard deviation
min | the measure's unit | smallest value
p5 | the measure's unit | 5th percentile: nearest rank, the smallest value with at least ceil(p n) matches at or below it
p25 | the measure's unit | 25th percentile (nearest rank)
p50 | the measure's unit | median (nearest rank)
p75 | the measure's unit | 75th percentile (nearest rank)
p95 | the measure's unit | 95th percentile (nearest rank)
max | the measure's unit | largest value
",
    },
    FileDoc {
        name: HISTOGRAMS_CSV,
        when: "",
        about: "The exact distributions behind `lengths.csv`: one row per value seen.",
        columns: "
measure | text | the measure, as in `lengths.csv`
value | the measure's unit | a value that occurred
count | count | matches with that value
",
    },
    FileDoc {
        name: OPTIONS_CSV,
        when: "",
        about: "What each option does to the taker's win share: one row per bot and option kind the game declares (its cards, boxes, squares, ... in the rulebook's words) that was legal at least once. For a random bot (uniform choice) the difference is **causal**: inverse-probability weighted (Hájek) over the decisions where the option was a choice, it estimates the effect of taking it rather than another legal action, with the same play after; for other bots it is an **association**. Empty when the game declares no option kinds.",
        columns: "
bot | text | the bot (a label of `--bots`; slots with the same label are one bot)
evidence | text | `causal` (a random bot: each choice a randomized experiment) or `associational` (any other bot)
kind | text | the option kind's id (`--bots prefer:always=KIND` takes it)
words | text | the option in the rulebook's words
legal | count | decisions at which some legal action was of this kind
taken | count | of those, decisions at which the bot took one
forced | count | of those, decisions where every legal action was of this kind (no choice: left out of the comparison)
taken_percent | percent | taken / legal
random_percent | percent | how often a uniformly random choice would have taken it at the same decisions
preference | ratio | taken over random play's expected takes: 1 = as often as random, 2 = twice as often
matches | count | matches with a decision where it was a choice
clusters_taken | count | deal groups where it was taken (a deal group is one deal's seatings, whose matches share its dice and cards; a match under fixed seats): the interval's clusters, with the next column
clusters_not_taken | count | deal groups where it was a choice and not taken; the interval's degrees of freedom are the smaller of the two, less one
EFFECT
ci_method | text | the method of the interval, empty without one (a kind taken, or passed over, in a single deal group: nothing measures that side's variation): `t95 on the rarer side's deal groups - 1 df, CR2 cluster-robust by deal group` (CR1 where both sides were seen in more than 256 deal groups, where the small-sample correction is about one over their number; `... by match` on matches less one in a folder counted when each match was a cluster)
p_holm | probability | two-sided p-value of no effect (t, as the interval), Holm-adjusted over this bot's kinds
mark | text | `dominant` (raises the win share by more than `--fair-within`) or `never worth it` (lowers it by more): one-sided tests against the margin, Holm-adjusted, 5%; empty otherwise
test_command | text | for a marked row, the command that tests a rule change for it (a sweep of its lever) or a probe bot taking it
",
    },
    FileDoc {
        name: SKILL_LUCK_CSV,
        when: "",
        about: "Seat, skill and luck on the scale of win shares, for a lineup of different bots under rotated seats (empty otherwise): the balance verdict's own seat figure, how much more often the stronger bot wins than a fair share and its rating in Elo, and how often the weaker bot still wins, with the share of matches a coin flip would have to decide, in a game the stronger bot otherwise always wins, for it to win that often (Duersch, Lambrecht & Oechssler 2020). Shares are per seat a bot played.",
        columns: "
bots | text | the stronger bot, then the weaker (a ladder writes one group of rows per step)
figure | text | `seat_edge` (the verdict's seat: its share of decisive matches minus the fair share, with the interval the verdict was decided on), `skill_share` (the stronger bot's win share), `skill_edge` (that minus the fair share), `skill_elo` (its rating over the weaker bot), `upset_share` (the weaker bot's win share), `coin_flip_share` (players x upset_share, capped at 100)
seat | count | the seat `seat_edge` speaks of; empty on other rows
value | number | the figure, in `unit`
ci_low | number | lower end of its interval | as `method` says
ci_high | number | upper end | as `method` says
unit | text | `pp`, `percent` or `elo`
n | count | what the figure rests on: decisive matches (`seat_edge`) or the bot's seat-matches
method | text | the figure's interval method
",
    },
    FileDoc {
        name: DECOMPOSITION_CSV,
        when: "",
        about: "Shares of variance, not win shares: how much of the variance of who wins (and of the scores) goes with the seat, with the bot and with the rest, by a two-way analysis of variance on the rotated design (every bot in every seat on the same deals), each share its omega-squared estimate, floored at 0. For a win/lose outcome a variance share is a squared gap in win probability (a bot winning 75% of its two-player matches is a 25% share; a 1 pp seat edge is about 0%), so `skill_luck.csv` says seat, skill and luck on the win-share scale; this file is for analysts. Intervals are left empty (and `ci_method` says why) where the bootstrap cannot give one: too few matches in a bucket of deals, or every resample alike. Empty for a solo game, or a lineup of different bots under fixed seats.",
        columns: "
measure | text | `win` (win share) or `score`
bots | text | the distinct bots (the bot factor's levels)
matches | count | matches counted
seat_variance_percent | percent | share of the variance that goes with the seat
seat_variance_ci_low_percent | percent | lower end | bootstrap 95% (percentile) over 64 buckets of deal groups, 2000 resamples
seat_variance_ci_high_percent | percent | upper end | as `seat_variance_ci_low_percent`
bot_variance_percent | percent | share that goes with the bot (empty with one bot)
bot_variance_ci_low_percent | percent | lower end | as `seat_variance_ci_low_percent`
bot_variance_ci_high_percent | percent | upper end | as `seat_variance_ci_low_percent`
rest_variance_percent | percent | the rest: 100 - seat - bot
rest_variance_ci_low_percent | percent | lower end | as `seat_variance_ci_low_percent`
rest_variance_ci_high_percent | percent | upper end | as `seat_variance_ci_low_percent`
ci_method | text | the method of the intervals, or why they are empty
",
    },
    FileDoc {
        name: METRICS_CSV,
        when: "",
        about: "One row per game-specific per-match counter; every counter is described under \
                Game metrics below.",
        columns: "
metric | text | the counter's name
matches | count | matches counted
mean | the counter's unit | mean per match
sd | the counter's unit | sample standard deviation per match
ci_low | the counter's unit | lower end of the interval of `mean` | Wilson score 95% for 0/1 indicators (their mean is a proportion), else normal 95%: mean - 1.96 sd / sqrt(n), matches treated as independent
ci_high | the counter's unit | upper end of the interval of `mean` | as `ci_low`
ci_method | text | the method of `ci_low`/`ci_high`: `wilson95` or `normal95`
total | the counter's unit | sum over all matches
min | the counter's unit | smallest per-match value
max | the counter's unit | largest per-match value
",
    },
    FileDoc {
        name: FAILURES_CSV,
        when: "",
        about: "Matches that panicked, one row each; only the header when none did.",
        columns: "
index | integer | match index (give it to `arena trace --match`)
deal | integer | the match's deal (chance stream index)
seed | integer | the run's master seed
message | text | the panic message
",
    },
    FileDoc {
        name: VERDICT_TXT,
        when: "",
        about: "One line in plain words: the seat with the strongest evidence, its difference \
                from a fair share with interval, test and p-value (or that no seat differs at \
                5%), then the bots that produced it; with a random bot in the lineup, a \
                warning that a balance answer from random play can change with stronger \
                play. The same line is the manifest's `verdict`.",
        columns: "",
    },
    FileDoc {
        name: COLUMNS_MD,
        when: "",
        about: "This dictionary.",
        columns: "",
    },
    FileDoc {
        name: MANIFEST,
        when: "",
        about: "What was played and how, to reproduce and judge the run. Keys:",
        columns: "
tool | text | `arena`
crate_version | text | the arena version
git_commit | text | the commit it was built from (`-dirty` with uncommitted changes)
rand_version | text | the rand crate's version (streams depend on it)
command_line | list of text | the command as typed
game | text | the game's command-line name
rules | list | every rule parameter: key, value, default and origin
rules_file | text or null | the rules file given, if any
input_files | object | present when the run read a file: each rule that names one (a card or sheet file), `rules_file` and `experiment`, with its `path` and the `sha256` of the content read; a resume or a merge refuses other card or sheet content under the same path (a rules file is checked by its resolved values in `plan.json`)
players | integer | seats per match
lineup | list | the bots per slot, with their profile, kind and parameters
matches | integer | matches planned
seed | integer | the master seed
seating | text | `rotate`, `permute` or `fixed`
shard | object or null | for a shard: index, count, first_match, end_match
resumed | true/false | whether the run went on from a checkpoint
threads | integer | worker threads (never changes a result)
reproducible | true/false | false only if a bot used a wall-clock budget
completed_matches | integer | matches counted in the results
failed_matches | integer | matches that panicked (in `failures.csv`)
capped_matches | integer | matches stopped by the turn cap
elapsed_seconds | seconds | wall-clock time of the run (over all its resumptions)
matches_per_second | matches per second | completed and failed matches / elapsed_seconds
verdict | text | the line of `verdict.txt`
stopping | object or null | the stopping rule, the match it stopped at and why
win_rate_interval | text | the method of win-rate intervals: `wilson95`
metric_interval | text | the method of metric intervals (`normal95`; 0/1 indicators use `wilson95`)
quantile_method | text | how quantiles are computed
matches_csv | object or null | rows, bytes and CRC-32 of `matches.csv`, when written (`arena merge` checks them)
files | list of text | the files of the folder
file_digests | object | bytes and CRC-32 of each file listed (not `manifest.json` or `matches.csv`); `arena report` refuses a file that no longer matches
merged_from | list of text | `arena merge` only: the shard folders merged
plan | object | `arena merge` only: the plan the shards share
elapsed_seconds_summed_over_shards | seconds | `arena merge` only: the shards' elapsed times added
",
    },
    FileDoc {
        name: MATCHES_CSV,
        when: "runs with `--per-match` (and merges of such shards)",
        about: "One row per match, in match-index order.",
        columns: "
index | integer | match index (give it to `arena trace --match`)
seed | integer | the run's master seed
deal | integer | the chance stream's index: matches with the same deal see the same dice and shuffles
seating | text | lineup slot per seat, `-`-separated: `1-0` is slot 1 in seat 0, slot 0 in seat 1
capped | 0/1 | 1 if the turn cap stopped the match
SCORES
decisions | count | bot decisions in the match
chance_events | count | chance events (rolls, shuffles, draws)
turns | count | the game's own turns
rounds | count | rounds (1 where the game has none)
",
    },
    FileDoc {
        name: SHARD_TALLY,
        when: "the folder of one shard (`--shard`), for `arena merge`",
        about: "The shard's exact counters and what is needed to write its files, with a CRC-32 over its `content` (as a checkpoint has) so that a changed count is refused, never merged in. Keys:",
        columns: "
crc32 | hex | CRC-32 of `content`; a changed or cut file is refused by `arena merge`
content | object | `plan` (the plan, which every shard of one run shares), `shard` (this shard's index and the shard count), `tally` (the integer counters every figure is computed from; they add up exactly across shards), `failures` (the shard's failed matches), `labels` (the bots per slot), `metric_names` and `metric_docs` (the game's counters in `metrics.csv` order, and what each counts), `group` (matches per deal group), `seed` (the master seed), `fair_within` (the verdict's practical margin the shard was judged with, `--fair-within` or its default, which the merge's verdict uses; `fair_within_pp` in shards of older versions), `elapsed_seconds` (the shard's wall-clock time), `matches_csv` (rows, bytes and CRC-32 of the shard's `matches.csv`, which `arena merge` checks), `notable` (the shard's candidates for the matches worth seeing, which `arena merge` combines)
",
    },
    FileDoc {
        name: FINAL_STATE,
        when: "every finished run (one per game folder)",
        about: "The run's exact counters when it finished, kept so that `arena run --resume DIR --matches N` (or a tighter `--until-ci`) plays only the new matches and leaves what a run of N from the start would. It is a checkpoint (a CRC-32 over its `content`) with no clock. Keys:",
        columns: "
crc32 | hex | CRC-32 of `content`; a changed or cut file is refused
content | object | `plan` (the fingerprint the run finished under), `shard`, `next` (the first match not played), `tally` (the integer counters), `failures`, `matches_csv_bytes` and `matches_csv_crc32` (how much of `matches.csv` is the run's, and its CRC-32), `stopped` (where a stopping rule ended it), `notable` (the candidates for the matches worth seeing)
",
    },
    FileDoc {
        name: NOTABLE_FILE,
        when: "",
        about: "The matches worth seeing, chosen while the run played; each has a replay page (`arena view`) in the folder `matches/`, linked from report.html. Keys:",
        columns: "
rules | text | the rules that chose the matches, in words
picks | list | per match: `rule` (longest, shortest, capped, end, comeback, upset, rare), `title`, `why` (the figure that chose it), `match` (its index) and `page` (its replay page)
",
    },
    FileDoc {
        name: PLAN_FILE,
        when: "the top folder of every run (written before the first match)",
        about: "What the run was asked to do; `arena run --resume DIR` continues exactly this. Keys:",
        columns: "
request | object | game (none: the default experiment), players, bots, seed, seating, rules file, `--set` values, matches, stopping rule, shard, per-match rows and the verdict's margin (`fair_within`, when given), as asked
fingerprints | object | per game folder: every resolved rule value, the lineup and the crate version; a resumed run must match it
",
    },
];

/// `options.csv`'s effect columns in a game of several players: the win share.
const WIN_EFFECT: &str = "win_taken_percent | percent | the taker's weighted mean win share at decisions where it was taken
win_not_taken_percent | percent | the same where it was a choice and not taken
difference_pp | percentage points | win_taken_percent - win_not_taken_percent
ci_low_pp | percentage points | lower end of the interval of `difference_pp` | t 95% (see `ci_method`) with the cluster-robust variance of the two ratio estimators, deal groups as clusters, small-sample corrected (CR2: each group's residual sum over the square root of 1 minus its share of its side's weight)
ci_high_pp | percentage points | upper end of the interval of `difference_pp` | as `ci_low_pp`
";

/// `options.csv`'s effect columns in a solo game: it has no winner (PP-15), so an option is
/// judged by what it does to the final score.
const SCORE_EFFECT: &str = "score_taken | game points | a solo game has no winner (PP-15), so an option is judged by the final score: the player's weighted mean final score at decisions where it was taken (no `mark`: the margin is a win share's)
score_not_taken | game points | the same where it was a choice and not taken
difference_points | game points | score_taken - score_not_taken
ci_low_points | game points | lower end of the interval of `difference_points` | t 95% (see `ci_method`) with the cluster-robust variance of the two ratio estimators, deal groups as clusters, small-sample corrected (CR2: each group's residual sum over the square root of 1 minus its share of its side's weight)
ci_high_points | game points | upper end of the interval of `difference_points` | as `ci_low_points`
";

/// The lines of `columns` with `EFFECT` (`options.csv`'s effect columns) spelled out for a
/// `players`-seat run.
fn with_effect(columns: &str, players: usize) -> String {
    let effect = if players == 1 { SCORE_EFFECT } else { WIN_EFFECT };
    columns.replace("\nEFFECT\n", &format!("\n{effect}"))
}

/// One table row per column of `columns`; `SCORES` stands for matches.csv's per-seat columns.
fn write_rows(out: &mut String, columns: &str, players: usize) {
    out.push_str("| column | unit / type | meaning | interval method |\n|---|---|---|---|\n");
    let columns = with_effect(columns, players);
    for line in columns.lines().filter(|l| !l.trim().is_empty()) {
        if line == "SCORES" {
            for s in 0..players {
                let _ = writeln!(out, "| `score_{s}` | game points | seat {s}'s final score | |");
            }
            for s in 0..players {
                let _ = writeln!(
                    out,
                    "| `rank_{s}` | integer | seat {s}'s rank: 0 = first, tied seats share a \
                     rank, a capped match ranks everyone last | |"
                );
            }
            continue;
        }
        let mut fields = line.split(" | ");
        let name = fields.next().unwrap_or_default();
        let unit = fields.next().unwrap_or_default();
        let meaning = fields.next().unwrap_or_default();
        let method = fields.next().unwrap_or_default();
        let _ = writeln!(out, "| `{name}` | {unit} | {meaning} | {method} |");
    }
}

/// The columns of `file` as described here (seats.csv and bots.csv with their shared
/// columns), one entry line each; `SCORES` stands for matches.csv's per-seat columns.
fn entries(file: &FileDoc) -> String {
    let own = file.columns.trim_end();
    match file.name {
        SEATS_CSV => format!("{own}\n{SIDE}{SEATS_EXTRA}"),
        BOTS_CSV => format!("{own}\n{SIDE}"),
        _ => own.to_string(),
    }
}

/// The header of the CSV file `file` of a `players`-seat run: the names of its columns in
/// the order they are described here. The writers write this header, so a column is named
/// once, beside its unit and meaning.
pub fn header(file: &str, players: usize) -> Vec<String> {
    let doc = FILES.iter().find(|f| f.name == file).expect("every CSV file is described");
    let mut names = Vec::new();
    for line in with_effect(&entries(doc), players).lines().map(str::trim).filter(|l| !l.is_empty())
    {
        if line == "SCORES" {
            names.extend((0..players).map(|s| format!("score_{s}")));
            names.extend((0..players).map(|s| format!("rank_{s}")));
        } else {
            names.push(line.split(" | ").next().unwrap_or(line).to_string());
        }
    }
    names
}

/// The dictionary's text for a folder of a `players`-seat run whose game counts `metrics`
/// (`(name, description)` in `metrics.csv` order); `difference` says whether the folder has
/// `difference.csv`; `length_docs` is what the game's lengths count beyond their general
/// meanings ([`GameStats::length_docs`](crate::core::GameStats::length_docs)), said under
/// `lengths.csv`.
pub fn columns_text(
    players: usize,
    difference: bool,
    metrics: &[(String, String)],
    length_docs: Option<&str>,
) -> String {
    let mut out = String::from(PREAMBLE);
    for file in FILES.iter().filter(|f| difference || f.name != DIFFERENCE_CSV) {
        let _ = write!(out, "\n## `{}`", file.name);
        if !file.when.is_empty() {
            let _ = write!(out, " (only in {})", file.when);
        }
        let _ = writeln!(out, "\n\n{}\n", file.about);
        // Where the game's rows read oddly (two always equal), the reason is said beside them.
        if let Some(docs) = length_docs.filter(|_| file.name == LENGTHS_CSV) {
            let _ = writeln!(out, "{docs}\n");
        }
        if !file.columns.is_empty() {
            write_rows(&mut out, &entries(file), players);
        }
    }
    out.push_str("\n## Game metrics (the rows of `metrics.csv`)\n\n");
    if metrics.is_empty() {
        out.push_str("This game keeps no counters of its own: `metrics.csv` has no rows.\n");
    } else {
        out.push_str("| metric | what it counts |\n|---|---|\n");
        for (name, text) in metrics {
            let _ = writeln!(out, "| `{name}` | {text} |");
        }
    }
    out
}

/// Write `COLUMNS.md` (see [`columns_text`]) atomically.
pub fn write_columns(
    path: &Path,
    players: usize,
    difference: bool,
    metrics: &[(String, String)],
    length_docs: Option<&str>,
) -> anyhow::Result<()> {
    write_atomic(path, columns_text(players, difference, metrics, length_docs).as_bytes())?;
    Ok(())
}

#[cfg(test)]
mod tests;
