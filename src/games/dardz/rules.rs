//! DARDZ's rule parameters and its card kinds.
//!
//! Designers use DARDZ to tune card point values, so every value, every copy count and every
//! number the rulebook states is a parameter here. Origins: `Found` for the rulebook and the
//! facts RULINGS recovered from the designer's material (DZ-1 to DZ-6), `Default` for
//! RULINGS' defaults (DZ-7 to DZ-15) and for our own choices where both are silent, `Engine`
//! for the turn cap (G-2). `configs/dardz.toml` lists them all with the same split.

use crate::core::MAX_SEATS;
use crate::core::rules::{Origin, Table};

/// How many card kinds there are: the numbers 1-12, the Golden 7 and six action cards.
pub const NUM_KINDS: usize = 19;

/// The most cards a hand can hold (the `hand_size` parameter's upper bound). Hands are fixed
/// arrays, so this bounds the state's size.
pub const MAX_HAND: usize = 6;

/// A card kind: 0-11 are the numbers 1-12, 12 is the Golden 7, 13-18 the action cards in
/// [`ActionCard`] order. One byte, so hands and piles stay small.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(pub u8);

impl Card {
    pub const GOLDEN_7: Card = Card(12);

    /// The number card showing `n` (1-12); the Golden 7 is [`Card::GOLDEN_7`].
    pub const fn number(n: u8) -> Card {
        Card(n - 1)
    }

    /// The number this card scores on: 1-12 for number cards, 7 for the Golden 7 (it is a 7,
    /// just worth more, DZ-1), `None` for action cards.
    pub const fn value_number(self) -> Option<u8> {
        match self.0 {
            0..=11 => Some(self.0 + 1),
            12 => Some(7),
            _ => None,
        }
    }

    pub const fn action(self) -> Option<ActionCard> {
        if self.0 >= 13 && (self.0 as usize) < NUM_KINDS {
            Some(ActionCard::ALL[(self.0 - 13) as usize])
        } else {
            None
        }
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The name used in metric keys and rule keys (`7`, `golden_7`, `roll_off`).
    pub fn key(self) -> &'static str {
        KIND_KEYS[self.index()]
    }

    /// The short name traces print (`7`, `G7`, `Roll-Off`).
    pub fn label(self) -> &'static str {
        KIND_LABELS[self.index()]
    }
}

/// Metric and rule-key names of the card kinds, in kind order.
pub const KIND_KEYS: [&str; NUM_KINDS] = [
    "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "golden_7", "skull", "clock",
    "jackpot", "roll_off", "boost_em", "bunk_em",
];

const KIND_LABELS: [&str; NUM_KINDS] = [
    "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "G7", "Skull", "Clock",
    "Jackpot", "Roll-Off", "Boost'em", "Bunk'em",
];

/// The six action cards (DZ-3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ActionCard {
    Skull,
    Clock,
    Jackpot,
    RollOff,
    BoostEm,
    BunkEm,
}

impl ActionCard {
    pub const ALL: [ActionCard; 6] = [
        ActionCard::Skull,
        ActionCard::Clock,
        ActionCard::Jackpot,
        ActionCard::RollOff,
        ActionCard::BoostEm,
        ActionCard::BunkEm,
    ];

    pub const fn card(self) -> Card {
        Card(13 + self as u8)
    }

    /// This card's bit in an action mask (see `Hand::actions`).
    pub const fn bit(self) -> u8 {
        1 << self as u8
    }

    pub fn label(self) -> &'static str {
        self.card().label()
    }
}

crate::param_enum!(
    /// DZ-3: what Boost 'em and Bunk 'em do in round 1.
    RoundOneBoostBunk {
        AfterJackpotOrTriple = "after_jackpot_or_triple",
        Never = "never",
        Always = "always"
    }
);

crate::param_enum!(
    /// When the roller may pick nothing on the second and third rolls.
    PassRule {
        Always = "always",
        OnlyWithoutOwnMatch = "only_without_own_match"
    }
);

crate::param_enum!(
    /// DZ-9: what a tie for the highest final score means.
    FinalTie {
        Shared = "shared",
        RollOff = "roll_off"
    }
);

crate::param_enum!(
    /// DZ-8: what a tied Roll-Off card does.
    RollOffTie {
        Reroll = "reroll",
        PlayerKeeps = "player_keeps"
    }
);

crate::param_enum!(
    /// DZ-10: how "can still reach the pile size" is decided once the draw pile is empty.
    ReachBound {
        Tight = "tight",
        AnyClock = "any_clock"
    }
);

crate::param_enum!(
    /// DZ-11: who rolls first in rounds after the first.
    NextStarter {
        LowestScore = "lowest_score",
        Seat0 = "seat_0",
        Rotate = "rotate"
    }
);

crate::rule_record! {
    /// One card kind's points in a points pile (DZ-2, DZ-7).
    pub struct CardValue {
        key card;
        /// Points of the card.
        points: i32, "-100 to 100", |v: &i32| (-100..=100).contains(v);
    }
}

/// DARDZ's card values: one row per card kind, in kind order, with the origin of each
/// default. Cells keep their short names (`value_12`), which rules files, `--set` and
/// manifests have always used; `card_values.12` names the same cell.
fn card_values() -> Table<CardValue> {
    let row = |card: &str, points: i32, origin: Origin, doc: &'static str| {
        (CardValue { card: card.to_string(), points }, origin, doc)
    };
    Table::new(
        "card_values",
        vec![
            row(
                "1",
                2,
                Origin::Default,
                "Points of a 1 card (DZ-7: not readable on the cards; +2 like 3 to 6).",
            ),
            row("2", 2, Origin::Found, "Points of a 2 card (DZ-2, card image)."),
            row("3", 2, Origin::Default, "Points of a 3 card (DZ-7)."),
            row("4", 2, Origin::Default, "Points of a 4 card (DZ-7)."),
            row("5", 2, Origin::Default, "Points of a 5 card (DZ-7)."),
            row("6", 2, Origin::Default, "Points of a 6 card (DZ-7)."),
            row("7", 4, Origin::Found, "Points of a (plain) 7 card (DZ-2, card image)."),
            row("8", 5, Origin::Found, "Points of an 8 card (DZ-2, card image)."),
            row("9", 6, Origin::Default, "Points of a 9 card (DZ-7)."),
            row("10", 7, Origin::Found, "Points of a 10 card (DZ-2, card image)."),
            row("11", 8, Origin::Default, "Points of an 11 card (DZ-7)."),
            row("12", 10, Origin::Found, "Points of a 12 card (DZ-2, card image)."),
            row("golden_7", 10, Origin::Found, "Points of the Golden 7 (DZ-2, card image)."),
            row(
                "skull",
                -5,
                Origin::Found,
                "Points of a Skull in a points pile (DZ-2, card image).",
            ),
            row("clock", 5, Origin::Default, "Points of a Clock in a points pile (DZ-7)."),
            row(
                "jackpot",
                5,
                Origin::Default,
                "Points of a Jackpot card in a points pile (DZ-7; the +15 is `jackpot_points`).",
            ),
            row(
                "roll_off",
                5,
                Origin::Found,
                "Points of a Roll-Off card in a points pile (DZ-2, card image).",
            ),
            row(
                "boost_em",
                5,
                Origin::Default,
                "Points of a Boost 'em card in a points pile (DZ-7).",
            ),
            row(
                "bunk_em",
                5,
                Origin::Default,
                "Points of a Bunk 'em card in a points pile (DZ-7).",
            ),
        ],
    )
    .with_short_keys(|card, _| format!("value_{card}"))
}

fn copies_ok(v: &u8) -> bool {
    *v <= 20
}

fn bonus_ok(v: &i32) -> bool {
    (0..=1000).contains(v)
}

crate::rule_params! {
    /// DARDZ's parameters (rulebook 004, RULINGS DZ-1 to DZ-15), with checks across them.
    pub struct DardzRules {
        @table
        /// Points of each card kind (DZ-2 from the card images, DZ-7 for the rest).
        card_values: Table<CardValue> = card_values();
        /// Copies of each number 1-12 ("6 of each number 1-12", DZ-1).
        copies_per_number: u8 = 6, Found, "1 to 20", |v: &u8| (1..=20).contains(v);
        /// How many of the 7s are Golden 7s ("one of the six 7s", DZ-1).
        golden_sevens: u8 = 1, Found, "0 to copies_per_number", copies_ok;
        /// Copies of the Skull ("3 of all 6 action cards", DZ-1).
        copies_skull: u8 = 3, Found, "0 to 20", copies_ok;
        /// Copies of the Clock (DZ-1).
        copies_clock: u8 = 3, Found, "0 to 20", copies_ok;
        /// Copies of the Jackpot (DZ-1).
        copies_jackpot: u8 = 3, Found, "0 to 20", copies_ok;
        /// Copies of the Roll-Off (DZ-1).
        copies_roll_off: u8 = 3, Found, "0 to 20", copies_ok;
        /// Copies of Boost 'em (DZ-1).
        copies_boost_em: u8 = 3, Found, "0 to 20", copies_ok;
        /// Copies of Bunk 'em (DZ-1).
        copies_bunk_em: u8 = 3, Found, "0 to 20", copies_ok;
        /// Cards dealt to each hand, and the size hands are drawn back to ("deal each player
        /// 3 cards").
        hand_size: u8 = 3, Found, "1 to 6", |v: &u8| (1..=6).contains(v);
        /// Cards in a points pile that end the round ("10 cards").
        cards_per_round: u8 = 10, Found, "2 to 60", |v: &u8| (2..=60).contains(v);
        /// Points for the round's winner ("+10 points").
        round_bonus: i32 = 10, Found, "0 to 1000", bonus_ok;
        /// Score that ends the game at the end of a round ("150 or more points").
        target_score: i32 = 150, Found, "1 to 100000", |v: &i32| (1..=100_000).contains(v);
        /// A player ending a round with at most this many pile cards rolls the Lucky Loser
        /// roll ("3 or less cards"); must be below `cards_per_round` (checked with teams off).
        lucky_loser_max_cards: u8 = 3, Found, "0 to 59", |v: &u8| *v <= 59;
        /// Points for rolling 3-of-a-kind on the third roll ("+20 points").
        three_of_a_kind_points: i32 = 20, Found, "0 to 1000", bonus_ok;
        /// Points for cleaning 'em up on the Bonus Roll ("+5 points").
        clean_up_points: i32 = 5, Found, "0 to 1000", bonus_ok;
        /// Points for a right Jackpot guess ("+15 points", DZ-3).
        jackpot_points: i32 = 15, Found, "0 to 1000", bonus_ok;
        /// Boost 'em / Bunk 'em in round 1 (DZ-3): `after_jackpot_or_triple` (the rulebook:
        /// nothing unless someone already scored from a Jackpot or a 3-of-a-kind), `never`
        /// (the web page: nothing at all in round 1) or `always` (no round-1 rule).
        round1_boost_bunk: RoundOneBoostBunk = RoundOneBoostBunk::AfterJackpotOrTriple, Found,
            "after_jackpot_or_triple, never or always", |_| true;
        /// Picking nothing on the second and third rolls: `always` allowed (steps 3 and 4:
        /// "chooses either single die, the sum of both dice, or picks nothing", and the
        /// strategy tip of not feeding the leader), or `only_without_own_match` (the Q&A:
        /// "allowed to pick nothing ... if no option matches what's in your hand"; then the
        /// roller must take an offered number someone holds).
        pass_rule: PassRule = PassRule::Always, Default,
            "always or only_without_own_match", |_| true;
        /// A tie for the highest final score (DZ-9): `shared` win (G-3) or the rulebook's
        /// `roll_off` (the roll-off winner ranks first alone; it scores no points, so the
        /// scores stay tied).
        final_tie: FinalTie = FinalTie::Shared, Default, "shared or roll_off", |_| true;
        /// Playing an action card other than the Clock draws back to the hand size (outside
        /// the Bonus Roll; DZ-14: "make sure you have 3 cards in your hand after your turn",
        /// and "If you drew an action card after your third roll, play it first but still
        /// don't draw a new card"). The Clock draws outside the Bonus Roll whatever this says
        /// (DZ-3); on the Bonus Roll no action card draws, the Clock included.
        action_card_redraw: bool = true, Default, "true or false", |_| true;
        /// A tied Roll-Off card (DZ-8): `reroll` until the two dice differ (RULINGS), or
        /// `player_keeps` (one roll each; on a tie the card goes to the player who played it).
        /// Roll-offs among several players (who starts, a shared round win, a final tie) must
        /// name one seat and are always rerolled.
        roll_off_tie: RollOffTie = RollOffTie::Reroll, Default, "reroll or player_keeps",
            |_| true;
        /// DZ-10 with the draw pile empty: `tight` (RULINGS: a seat can gain only its own
        /// hand, the hands the Clocks still in hands can pass to it, a Roll-Off its right-hand
        /// neighbour holds or can still be passed, and the card in play) or `any_clock` (the
        /// old loose bound: while any Clock is in a hand every card in every hand counts).
        reach_bound: ReachBound = ReachBound::Tight, Default, "tight or any_clock", |_| true;
        /// Who rolls first in rounds 2 and later (DZ-11): `lowest_score` (the rulebook; ties
        /// by roll-off), `seat_0` every round, or `rotate` (the seat left of the previous
        /// round's first player, G-4). Round 1 is always seat 0 (G-1).
        next_starter: NextStarter = NextStarter::LowestScore, Default,
            "lowest_score, seat_0 or rotate", |_| true;
        /// Team DARDZ (DZ-6, the variant the rulebook asks players to try): teams of 2 at 4 or
        /// 6 players, partners sitting opposite (seat i with seat i + players/2); one team
        /// score; the team's piles race to `team_cards_per_round` together; one Lucky Loser
        /// roll per team; both partners' hands count on the Bonus Roll.
        teams: bool = false, Found, "true (4 or 6 players only) or false", |_| true;
        /// Team DARDZ: cards in a team's two points piles that end the round ("race to 20
        /// cards together", DZ-6). With teams off it is not read (`cards_per_round` is).
        team_cards_per_round: u8 = 20, Found, "2 to 120", |v: &u8| (2..=120).contains(v);
        /// Team DARDZ: a team ending a round with at most this many pile cards rolls one Lucky
        /// Loser roll ("at 6 cards or fewer", DZ-6); must be below `team_cards_per_round`
        /// (checked with teams on).
        team_lucky_loser_max_cards: u8 = 6, Found, "0 to 119", |v: &u8| *v <= 119;
        /// Player turns after which the match ends capped, with no winner (G-2).
        turn_cap: u32 = 1000, Engine, "1 to 60000", |v: &u32| (1..=60_000).contains(v);
    }
    validate(r) {
        // The round's pile size and Lucky Loser bound in force: the team pair in Team DARDZ,
        // the single pair otherwise (DZ-6). The pair not in force is never read, so it is
        // not checked: a designer may set `team_cards_per_round` with teams off (or
        // `cards_per_round` with teams on) and switch the variant later.
        let (max_key, max, size_key, size) = if r.teams {
            (
                "team_lucky_loser_max_cards",
                r.team_lucky_loser_max_cards,
                "team_cards_per_round",
                r.team_cards_per_round,
            )
        } else {
            ("lucky_loser_max_cards", r.lucky_loser_max_cards, "cards_per_round", r.cards_per_round)
        };
        if max >= size {
            return Err(format!("{max_key} = {max} must be below {size_key} = {size}"));
        }
        if r.golden_sevens > r.copies_per_number {
            return Err(format!(
                "golden_sevens = {} but there are only copies_per_number = {} sevens",
                r.golden_sevens, r.copies_per_number
            ));
        }
        // The deal must leave a draw pile even at the largest table, so that every round
        // starts as the rulebook describes it.
        let dealt = MAX_SEATS as u32 * r.hand_size as u32;
        if r.total_cards() <= dealt {
            return Err(format!(
                "the deck has {} cards (copies_per_number, copies_skull, \
                 copies_clock, copies_jackpot, copies_roll_off, copies_boost_em, \
                 copies_bunk_em); dealing {} hands (the most players) of hand_size {} needs \
                 more than {}",
                r.total_cards(),
                MAX_SEATS,
                r.hand_size,
                dealt
            ));
        }
        Ok(())
    }
}

impl DardzRules {
    /// Points of each card kind, in kind order.
    pub fn values(&self) -> [i32; NUM_KINDS] {
        let mut values = [0; NUM_KINDS];
        for (value, row) in values.iter_mut().zip(self.card_values.records()) {
            *value = row.points;
        }
        values
    }

    /// Copies of each card kind in the deck, in kind order (the Golden 7s are taken out of
    /// the 7s, DZ-1).
    pub fn copies(&self) -> [u8; NUM_KINDS] {
        let mut copies = [self.copies_per_number; NUM_KINDS];
        copies[6] = self.copies_per_number.saturating_sub(self.golden_sevens);
        copies[12] = self.golden_sevens;
        copies[13..].copy_from_slice(&[
            self.copies_skull,
            self.copies_clock,
            self.copies_jackpot,
            self.copies_roll_off,
            self.copies_boost_em,
            self.copies_bunk_em,
        ]);
        copies
    }

    pub fn total_cards(&self) -> u32 {
        self.copies().iter().map(|&c| c as u32).sum()
    }
}
