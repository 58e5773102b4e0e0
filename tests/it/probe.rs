//! The strategy probe `prefer` (`--bots prefer:always=KIND+KIND:base=PROFILE`) on the
//! reference games: it takes a named option kind at every decision where one is legal, plays
//! as its base everywhere else (decision for decision, on the same draws), and the check a
//! plan's validation calls refuses a kind the game does not declare. Tic-tac-toe is RULINGS
//! REF-1, Pig REF-2 (docs/rules/general.md).

use arena::bots::profile::{parse_lineup, parse_one};
use arena::bots::{Bot, check_prefer_kinds};
use arena::core::{Game, Rng, Seat, Turn, derive_rng};
use arena::games::pig::{Pig, PigAction, PigRules};
use arena::games::tictactoe::{TicTacToe, TicTacToeRules, TicTacToeState};
use arena::runner::{Observer, RunSpec, Seating, Worker};

const CENTRE: u8 = 4;

/// What one match's decisions of the probe's seat looked like.
#[derive(Default)]
struct Seen {
    /// Decisions where the preferred kind was legal / was not.
    preferred: usize,
    fallback: usize,
}

/// Play `matches` matches of `game` between `probe` and `other`, the probe in seat 0 in even
/// matches and seat 1 in odd ones, each seat with its own bot stream (as the runner derives
/// them). At each of the probe's decisions `judge(state, legal, pick, base_pick)` asserts what
/// the probe did, where `base_pick` is what a fresh bot of profile `base` picks on the same
/// draws; it returns whether the preferred kind was legal there.
fn play<G: Game>(
    game: &G,
    (probe, base, other): (&str, &str, &str),
    matches: u64,
    judge: impl Fn(&G::State, &[G::Action], G::Action, G::Action) -> bool,
) -> Seen {
    let mut seen = Seen::default();
    let mut legal = Vec::new();
    for m in 0..matches {
        let probe_seat = (m % 2) as usize;
        let mut bots: Vec<Bot> =
            [probe, other].iter().map(|text| Bot::from_spec(&parse_one(text).unwrap())).collect();
        bots.swap(0, probe_seat);
        let mut rngs: Vec<Rng> = (0..2).map(|s| derive_rng(7, m, 1 + s)).collect();
        let mut chance = derive_rng(7, m, 0);
        let mut state = game.new_state(2);
        loop {
            match game.turn(&state) {
                Turn::Over => break,
                Turn::Chance => game.sample_chance(&mut state, &mut chance),
                Turn::Player(seat) => {
                    let s = seat.index();
                    game.legal_actions(&state, &mut legal);
                    if s == probe_seat {
                        let mut base_bot = Bot::from_spec(&parse_one(base).unwrap());
                        let base_pick =
                            base_bot.choose(game, &state, seat, &legal, &mut rngs[s].clone());
                        let pick = bots[s].choose(game, &state, seat, &legal, &mut rngs[s]);
                        assert!(legal.contains(&pick), "an illegal pick {pick:?}");
                        if judge(&state, &legal, pick, base_pick) {
                            seen.preferred += 1;
                        } else {
                            seen.fallback += 1;
                        }
                        game.apply(&mut state, pick);
                    } else {
                        let pick = bots[s].choose(game, &state, seat, &legal, &mut rngs[s]);
                        game.apply(&mut state, pick);
                    }
                }
            }
        }
    }
    seen
}

/// REF-1: `prefer:always=centre` marks the centre whenever it is empty on its move, and
/// otherwise moves exactly as its base would on the same draws (random by default, greedy
/// when named).
#[test]
fn ref1_prefer_centre_marks_the_empty_centre_and_else_plays_as_its_base() {
    let game = TicTacToe::new(TicTacToeRules::default());
    for (probe, base) in
        [("prefer:always=centre", "random"), ("prefer:always=centre:base=greedy", "greedy")]
    {
        let seen = play(&game, (probe, base, "random"), 40, |_, legal, pick, base_pick| {
            if legal.contains(&CENTRE) {
                assert_eq!(pick, CENTRE, "{probe}: the centre is empty");
                true
            } else {
                assert_eq!(pick, base_pick, "{probe}: the centre is taken: the base decides");
                false
            }
        });
        // Both cases happened: the probe moves first in half the matches (the centre empty)
        // and second in the others (empty unless the random first move took it, 1 in 9);
        // after its first move the centre is always taken.
        let Seen { preferred, fallback } = seen;
        assert!(preferred >= 30 && fallback > 20, "{probe}: {preferred} / {fallback}");
    }
}

/// REF-1 through the runner: a lineup parsed from `--bots` text, seats rotated, every
/// decision of the probe's slot observed.
#[test]
fn ref1_the_runner_s_probe_takes_the_centre_at_every_decision_it_can() {
    struct Watch {
        probe_seat: Seat,
        centre_offered: usize,
    }
    impl Observer<TicTacToe> for Watch {
        fn decision(
            &mut self,
            _: &TicTacToeState,
            seat: Seat,
            legal: &[u8],
            action: u8,
            _: &TicTacToeState,
        ) {
            if seat == self.probe_seat && legal.contains(&CENTRE) {
                assert_eq!(action, CENTRE);
                self.centre_offered += 1;
            }
        }
    }
    let game = TicTacToe::new(TicTacToeRules::default());
    let spec = RunSpec {
        players: 2,
        lineup: parse_lineup("prefer:always=tictactoe.centre:base=greedy,random", 2).unwrap(),
        matches: 30,
        seed: 3,
        seating: Seating::Rotate,
    };
    assert_eq!(spec.lineup[0].label, "prefer:always=tictactoe.centre:base=greedy");
    let mut worker = Worker::new(&game, &spec);
    let mut offered = 0;
    for i in 0..spec.matches {
        let assignment = spec.seating.assign(2, i);
        let probe_seat = (0..2).find(|&s| assignment.slot_of_seat[s] == 0).unwrap();
        let mut watch = Watch { probe_seat: Seat(probe_seat as u8), centre_offered: 0 };
        worker.play(&game, &spec, i, &mut watch);
        offered += watch.centre_offered;
    }
    assert!(offered >= 15, "the centre was offered to the probe {offered} times");
}

/// REF-2: `prefer:always=hold_20_29+hold_30_plus:base=random` stops whenever its turn total
/// is 20 or more (stopping is legal at every decision), and below 20 rolls or stops as the
/// random base does on the same draw.
#[test]
fn ref2_prefer_holding_at_20_stops_at_every_turn_total_of_20_or_more() {
    let game = Pig::new(PigRules::default());
    let probe = "prefer:always=hold_20_29+hold_30_plus:base=random";
    let seen = play(&game, (probe, "random", "greedy"), 60, |state, legal, pick, base_pick| {
        assert!(legal.contains(&PigAction::Stop), "stopping is always legal (REF-2)");
        if state.turn_total >= 20 {
            assert_eq!(pick, PigAction::Stop, "turn total {}", state.turn_total);
            true
        } else {
            assert_eq!(pick, base_pick, "turn total {}: the base decides", state.turn_total);
            false
        }
    });
    assert!(seen.preferred > 0 && seen.fallback > 100, "{} {}", seen.preferred, seen.fallback);
}

/// The check a plan's validation calls: a kind tic-tac-toe does not declare is refused in
/// one line naming the bot as written, the kind and every valid kind.
#[test]
fn ref1_check_prefer_kinds_refuses_an_unknown_kind_listing_the_valid_ones() {
    let game = TicTacToe::new(TicTacToeRules::default());
    let spec = parse_one("prefer:always=jackpot").unwrap();
    let e = check_prefer_kinds(&spec, &game, 2).unwrap_err().to_string();
    assert_eq!(
        e,
        "bot `prefer:always=jackpot`: tictactoe has no option kind `jackpot`; valid kinds: \
         top_left, top, top_right, left, centre, right, bottom_left, bottom, bottom_right, \
         corner, edge"
    );
    for ok in ["prefer:always=centre", "prefer:always=tictactoe.corner+edge", "greedy"] {
        assert!(check_prefer_kinds(&parse_one(ok).unwrap(), &game, 2).is_ok(), "{ok}");
    }
    // A kind of another game is not one of this game's.
    let pig_kind = parse_one("prefer:always=hold_20_29").unwrap();
    let e = check_prefer_kinds(&pig_kind, &game, 2).unwrap_err().to_string();
    assert!(e.contains("tictactoe has no option kind `hold_20_29`"), "{e}");
    assert!(check_prefer_kinds(&pig_kind, &Pig::new(PigRules::default()), 2).is_ok());
}
