//! DARDZ as text, for `arena trace`: what an action or a chance event did, and the whole
//! state (hands, piles, scores, the options offered).

use super::*;

/// A card as the rulebook names it in sentences ("Golden 7", "Boost 'em"); traces' data
/// keep the short labels (`G7`, `Boost'em`), which the board text lines up in columns.
pub(super) fn card_name(card: Card) -> &'static str {
    match card.label() {
        "G7" => "Golden 7",
        "Boost'em" => "Boost 'em",
        "Bunk'em" => "Bunk 'em",
        label => label,
    }
}

impl Dardz {
    // ----- text ----------------------------------------------------------------------------

    pub(super) fn seats_text(mask: u8) -> String {
        let seats: Vec<String> = DardzState::seats_in(mask).map(|i| i.to_string()).collect();
        match seats.len() {
            0 => "nobody".to_string(),
            1 => format!("seat {}", seats[0]),
            _ => format!("seats {}", seats.join(", ")),
        }
    }

    pub(super) fn numbers_text(mask: u16) -> String {
        (1..=12u8)
            .filter(|&n| mask & bit(n) != 0)
            .map(|n| n.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    }

    pub(super) fn dice_text(s: &DardzState) -> String {
        s.dice[..s.ndice as usize].iter().map(|d| d.to_string()).collect::<Vec<_>>().join(" ")
    }

    pub(super) fn hand_text(h: &Hand) -> String {
        if h.len == 0 {
            return "-".to_string();
        }
        h.cards().iter().map(|c| c.label()).collect::<Vec<_>>().join(" ")
    }

    pub(super) fn pile_text(&self, s: &DardzState, seat: usize) -> String {
        let mut text =
            format!("{:2} cards {:+4}:", s.pile_len[seat], s.pile_points(seat, &self.values));
        for (k, &count) in s.piles[seat].iter().enumerate() {
            for _ in 0..count {
                let _ = write!(text, " {}", Card(k as u8).label());
            }
        }
        text
    }

    /// The options of a pending pick, as a person reads them.
    pub(super) fn options_text(&self, s: &DardzState) -> String {
        let mut text = Self::numbers_text(self.pick_options(s));
        if self.may_pass(s) {
            text.push_str(" or nothing");
        }
        text
    }

    /// Who holds number `n` and how many cards, among the seats in `only`: each of them
    /// puts those cards in their points pile.
    pub(super) fn holders_text(s: &DardzState, n: u8, only: u8) -> String {
        let mut parts = Vec::new();
        for seat in 0..s.players() {
            if only & (1 << seat) == 0 {
                continue;
            }
            let count =
                s.hands[seat].cards().iter().filter(|c| c.value_number() == Some(n)).count();
            if count > 0 {
                let cards = if count == 1 { "card" } else { "cards" };
                parts.push(format!("seat {seat} scores {count} {cards}"));
            }
        }
        if parts.is_empty() { "nobody holds it".to_string() } else { parts.join(", ") }
    }

    /// The automatic consequences recorded in the last step's event.
    pub(super) fn event_tail(&self, s: &DardzState) -> String {
        let mut text = String::new();
        let e = &s.event;
        if e.ndrawn > 0 {
            let shown = (e.ndrawn as usize).min(e.drawn.len());
            let draws: Vec<String> = e.drawn[..shown]
                .iter()
                .map(|&x| format!("seat {} drew {}", x >> 5, card_name(Card(x & 31))))
                .collect();
            let _ = write!(text, "; {}", draws.join(", "));
            if shown < e.ndrawn as usize {
                let _ = write!(text, " and {} more", e.ndrawn as usize - shown);
            }
        }
        let plays = |mask: u8| {
            ActionCard::ALL
                .iter()
                .filter(|a| mask & a.bit() != 0)
                .map(|a| card_name(a.card()))
                .collect::<Vec<_>>()
                .join(", ")
        };
        if e.auto_played != 0 {
            let _ = write!(text, "; seat {} plays {}", e.auto_seat, plays(e.auto_played));
        }
        if e.passed {
            text.push_str("; every hand passes to the left");
        }
        if e.auto_played_after_pass != 0 {
            let _ =
                write!(text, "; seat {} plays {}", e.auto_seat, plays(e.auto_played_after_pass));
        }
        match s.phase {
            Phase::RoundEnd => text.push_str("; the round is over"),
            Phase::Over if s.capped => text.push_str("; the turn cap ends the match"),
            _ => {}
        }
        text
    }

    pub(super) fn describe_text(&self, s: &DardzState, a: DardzAction) -> String {
        let who = format!("seat {}", s.roller);
        match a {
            DardzAction::Pick(n) => {
                let only = if s.stage == Stage::Bonus {
                    self.side_mask(s, s.roller as usize)
                } else {
                    u8::MAX
                };
                // On the third roll a number from the roller's own hand earns the Bonus Roll.
                let bonus =
                    s.stage == Stage::Roll3 && s.hands[s.roller as usize].numbers() & bit(n) != 0;
                format!(
                    "{who} picks {n} from the {} ({}): {}{}",
                    s.stage.name(),
                    Self::dice_text(s),
                    Self::holders_text(s, n, only),
                    if bonus { "; then the Bonus Roll" } else { "" }
                )
            }
            DardzAction::Pass => {
                format!("{who} picks nothing from the {} ({})", s.stage.name(), Self::dice_text(s))
            }
            DardzAction::Play(card) => format!("{who} plays {} next", card_name(card.card())),
            DardzAction::Guess(n) => format!("{who} names {n} for the Jackpot"),
        }
    }

    pub(super) fn describe_chance_text(&self, _before: &DardzState, s: &DardzState) -> String {
        let e = &s.event;
        let mut text = String::new();
        match e.kind {
            EventKind::Settled => {
                let winner = if e.hit != 0 {
                    format!(
                        "{} wins the round (+{}){}",
                        Self::seats_text(e.hit),
                        self.rules.round_bonus,
                        if e.rolloff && s.tiebreak == NO_SEAT { " after a roll-off" } else { "" }
                    )
                } else {
                    "nobody could reach the pile size: no round bonus".to_string()
                };
                let _ = write!(text, "round {} over: {winner}", s.round);
                for seat in 0..s.players() {
                    let l = e.lucky[seat];
                    if l != 0 {
                        let (a, b) = (l / 8, l % 8);
                        let who = Self::seats_text(self.side_mask(s, seat));
                        let _ = write!(text, "; Lucky Loser {who}: {a}x{b} = +{}", a * b);
                    }
                }
                if s.phase == Phase::Over && s.capped {
                    text.push_str("; the turn cap ends the match before the next round");
                } else if s.phase == Phase::Over {
                    text.push_str("; game over");
                    if s.tiebreak != NO_SEAT {
                        let _ = write!(text, ", seat {} wins the tie roll-off", s.tiebreak);
                    }
                }
                return text;
            }
            EventKind::Dealt => {
                let why = if s.round == 1 {
                    "round 1 starts with seat 0"
                } else {
                    match self.rules.next_starter {
                        NextStarter::LowestScore if e.rolloff => "lowest score, after a roll-off",
                        NextStarter::LowestScore => "lowest score",
                        NextStarter::Seat0 => "seat 0 starts every round",
                        NextStarter::Rotate => "left of the last round's first player",
                    }
                };
                let _ =
                    write!(text, "round {} dealt; seat {} rolls first ({why})", s.round, s.roller);
            }
            EventKind::Drew => {
                let _ = write!(text, "drawing back to {} cards", self.rules.hand_size);
                if e.ndrawn == 0 {
                    text.push_str(": the draw pile is empty, nobody draws");
                }
            }
            EventKind::ActionDice(card) => {
                let [a, b] = e.dice;
                let _ = match card {
                    ActionCard::Jackpot => write!(
                        text,
                        "Jackpot: seat {} named {}, the die rolled {a}{}",
                        e.seat,
                        s.guess,
                        if a == s.guess {
                            format!(", a hit: +{}", self.rules.jackpot_points)
                        } else {
                            ", a miss".to_string()
                        }
                    ),
                    ActionCard::RollOff => write!(
                        text,
                        "Roll-Off: seat {} rolled {a}, seat {} rolled {b}; {} takes the card",
                        e.seat,
                        s.left(e.seat as usize),
                        Self::seats_text(e.hit)
                    ),
                    _ => write!(
                        text,
                        "{}: seat {} rolled {a} {b} = {}; {} {}",
                        card_name(card.card()),
                        e.seat,
                        a + b,
                        Self::seats_text(e.hit),
                        match (e.hit.count_ones(), card) {
                            (0, _) => self.nobody_hit_text(s, card),
                            (1, ActionCard::BoostEm) => "(in last place) gains it",
                            (_, ActionCard::BoostEm) => "(in last place) gain it",
                            (1, _) => "(in first place) loses it",
                            _ => "(in first place) lose it",
                        }
                    ),
                };
            }
            EventKind::Rolled(stage) => {
                let _ = write!(text, "seat {}'s {}: {}", e.seat, stage.name(), Self::dice_text(s));
                if s.ndice == 3 && s.dice[0] == s.dice[1] && s.dice[1] == s.dice[2] {
                    let _ = write!(text, ", 3-of-a-kind +{}", self.rules.three_of_a_kind_points);
                }
                if e.auto_pick != 0 && e.scored == 0 {
                    let _ = write!(text, "; nobody holds a {}", e.auto_pick);
                } else if e.auto_pick != 0 {
                    let _ = write!(text, "; {} scores {}", Self::seats_text(e.scored), e.auto_pick);
                } else if s.phase == Phase::Pick {
                    let _ = write!(text, "; options {}", self.options_text(s));
                } else {
                    text.push_str("; nothing to take");
                }
            }
            EventKind::Decision => {}
        }
        text.push_str(&self.event_tail(s));
        text
    }

    /// Why a Boost 'em or Bunk 'em roll changed nobody's score (DZ-3): the round-1 rule, or
    /// every score tied.
    fn nobody_hit_text(&self, s: &DardzState, card: ActionCard) -> &'static str {
        match (self.boost_bunk_live(s), card, self.rules.round1_boost_bunk) {
            (true, _, _) => "is hit: every score is tied",
            (false, ActionCard::BoostEm, RoundOneBoostBunk::Never) => {
                "is hit: Boost 'em does nothing in round 1"
            }
            (false, ActionCard::BoostEm, _) => {
                "is hit: in round 1 Boost 'em works only after a Jackpot or 3-of-a-kind scored"
            }
            (false, _, RoundOneBoostBunk::Never) => "is hit: Bunk 'em does nothing in round 1",
            (false, _, _) => {
                "is hit: in round 1 Bunk 'em works only after a Jackpot or 3-of-a-kind scored"
            }
        }
    }

    pub(super) fn render_text(&self, s: &DardzState) -> String {
        let n = s.players();
        let mut text = format!(
            "DARDZ round {} · turn {} · draw pile {} cards\n",
            s.round, s.turns, s.deck_len
        );
        let roller = s.roller;
        let now = match s.phase {
            Phase::Deal => "next: shuffle and deal".to_string(),
            Phase::ChooseAction => format!("seat {roller} chooses which action card to play"),
            Phase::Guess => format!("seat {roller} names a number for the Jackpot"),
            Phase::ActionDice(card) => format!("seat {roller} rolls for {}", card.label()),
            Phase::Draw => format!("{} draw back to the hand size", Self::seats_text(s.draw_mask)),
            Phase::Roll => format!("seat {roller}'s {}", s.stage.name()),
            Phase::Pick => format!(
                "seat {roller}'s {}: dice {}, options {}",
                s.stage.name(),
                Self::dice_text(s),
                self.options_text(s)
            ),
            Phase::RoundEnd => "the round is over".to_string(),
            Phase::Over if s.capped => "the turn cap ended the match".to_string(),
            Phase::Over => "game over".to_string(),
        };
        let _ = writeln!(text, "{now}");
        let _ = writeln!(text, "  seat score | points pile                      | hand");
        for seat in 0..n {
            let mark = if seat == roller as usize && s.phase != Phase::Over { '>' } else { ' ' };
            let _ = writeln!(
                text,
                "{mark} {seat:4} {:5} | {:32} | {}",
                s.scores[seat],
                self.pile_text(s, seat),
                Self::hand_text(&s.hands[seat])
            );
        }
        text.pop();
        text
    }
}
