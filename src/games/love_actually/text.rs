//! LOVE ACTUALLY for people: actions and states as traces print them.

use std::fmt::Write as _;

use super::cards::{COLOURS, RELATIONSHIPS};
use super::state::{Phase, SEATS};
use super::*;

impl Love {
    /// A card's name.
    pub fn name_of(&self, c: u8) -> &str {
        &self.deck.cards[c as usize].name
    }

    fn names(&self, mask: u32) -> String {
        let v: Vec<&str> = cards_of(mask).map(|c| self.name_of(c)).collect();
        if v.is_empty() { "-".to_string() } else { v.join(", ") }
    }

    fn hand_text(&self, s: &LoveState, w: usize, viewer: Option<usize>) -> String {
        match viewer {
            Some(v) if v != w => {
                let seen = s.hands[w] & (s.known[v][w] | s.known[super::state::PUBLIC][w]);
                let mut parts: Vec<&str> = cards_of(seen).map(|c| self.name_of(c)).collect();
                parts.extend((0..(s.hands[w] & !seen).count_ones()).map(|_| "?"));
                if parts.is_empty() { "-".to_string() } else { parts.join(", ") }
            }
            _ => self.names(s.hands[w]),
        }
    }

    fn value_text(&self, kind: AskKind, v: u8) -> String {
        match kind {
            AskKind::Name => self.name_of(v).to_string(),
            AskKind::Relationship => RELATIONSHIPS[v as usize].to_string(),
            AskKind::Colour => COLOURS[v as usize].to_string(),
        }
    }

    /// Scoring option `o` in the rulebook's words: "the Johanna-Sam romance set (2 points)",
    /// "both of Karen's sets at once (8 points + 2)".
    pub fn option_words(&self, o: usize) -> String {
        let opt = &self.deck.options[o];
        if opt.double {
            format!("{} ({} points + {})", self.option_name(o), opt.points, self.rules.double_bonus)
        } else {
            format!("{} ({} points)", self.option_name(o), opt.points)
        }
    }

    /// Scoring option `o` named without its points ("the Johanna-Sam romance set"), for an
    /// event that carries the points itself (a log line says them once).
    pub fn option_name(&self, o: usize) -> String {
        let opt = &self.deck.options[o];
        if opt.double {
            let owner = self.name_of(opt.printed_on.trailing_zeros() as u8);
            format!("both of {owner}'s sets at once")
        } else {
            let names: Vec<&str> = cards_of(opt.mask).map(|c| self.name_of(c)).collect();
            let rel = RELATIONSHIPS[opt.rel as usize];
            format!("the {} {rel} set", names.join("-"))
        }
    }

    /// What an ask names: a character, "a romance card", "a red card".
    fn asked_for(&self, kind: AskKind, v: u8) -> String {
        match kind {
            AskKind::Name => self.name_of(v).to_string(),
            _ => format!("a {} card", self.value_text(kind, v)),
        }
    }

    /// The ability in progress, for the texts of its steps: "(Mia's ability)".
    fn by_ability(&self, s: &LoveState) -> String {
        format!("({}'s ability)", self.name_of(s.ability_card))
    }

    pub(super) fn describe_text(&self, s: &LoveState, a: LoveAction) -> String {
        use LoveAction as A;
        let who = s.actor;
        let card = |c: u8| self.name_of(c).to_string();
        let ability = || self.deck.cards[s.ability_card as usize].ability;
        match a {
            A::TakeTop => match s.top() {
                Some(c) => format!("seat {who} takes {} from the top of the discard pile", card(c)),
                None => format!("seat {who} takes the discard pile's top card"),
            },
            A::Ask(t) => format!("seat {who} asks seat {t} for a card"),
            A::Kind(k) => {
                let what = match k {
                    AskKind::Name => "a name",
                    AskKind::Relationship => "a relationship",
                    AskKind::Colour => "a colour",
                };
                format!("seat {who} asks seat {} by {what}", s.ask_target)
            }
            // " names " stays in these texts: an ask by name is heard by all (LA-7), and the
            // play server's no-peeking test knows such lines by it.
            A::Value(v) => {
                let value = self.value_text(s.ask_kind, v);
                match s.ask_ctx {
                    AskCtx::Step1 => format!(
                        "seat {who} names {value}, asking seat {} for {}",
                        s.ask_target,
                        self.asked_for(s.ask_kind, v)
                    ),
                    AskCtx::David => format!(
                        "seat {who} names {value}: the first player holding it gives it (David's ability)"
                    ),
                    AskCtx::Jamie => format!(
                        "seat {who} names {value}: seat {} gives a card that is not {value} (Jamie's ability)",
                        s.ask_target
                    ),
                }
            }
            A::Hand(c) => match s.phase {
                Phase::Respond if s.ask_ctx == AskCtx::Jamie => {
                    format!("seat {who} gives {} to seat {}", card(c), s.scorer)
                }
                Phase::Respond => {
                    let to = if s.ask_ctx == AskCtx::David { s.scorer } else { s.current };
                    let instead = if s.ask_kind == AskKind::Name && c != s.ask_value {
                        format!(" instead of {}", card(s.ask_value))
                    } else {
                        String::new()
                    };
                    format!("seat {who} hands {}{instead} to seat {to}", card(c))
                }
                Phase::HarryBlack => format!(
                    "seat {who} discards {} for +{} points (Harry's ability)",
                    card(c),
                    self.rules.discard_black_points
                ),
                Phase::MiaGive => format!(
                    "seat {who} gives {} to seat {}, who then discards a card at random (Mia's ability)",
                    card(c),
                    s.ask_target
                ),
                Phase::Expose => {
                    format!("seat {who} shows {} to seat {} (Natalie's ability)", card(c), s.scorer)
                }
                Phase::Contribute => match ability() {
                    Ability::FillPassLeft => format!(
                        "seat {who} passes {} to seat {} (Colin's ability)",
                        card(c),
                        s.next(who)
                    ),
                    Ability::SwapTwo => {
                        let other = if s.pair[0] == who { s.pair[1] } else { s.pair[0] };
                        format!("seat {who} gives {} to seat {other} (Tony's swap)", card(c))
                    }
                    _ => format!(
                        "seat {who} puts {} in, to be shuffled and dealt back {}",
                        card(c),
                        self.by_ability(s)
                    ),
                },
                _ => format!("seat {who} hands over {}", card(c)),
            },
            A::No => match s.phase {
                Phase::HarryBlack => format!("seat {who} has no black card to discard"),
                _ if s.ask_ctx == AskCtx::Step1 => {
                    format!("seat {who} has no such card: seat {} draws one", s.current)
                }
                _ => format!("seat {who} has no such card"),
            },
            A::Score(o) => format!("seat {who} scores {}", self.option_words(o as usize)),
            A::Skip => format!("seat {who} scores nothing this turn"),
            A::Ability(c) => {
                let (what, _) = self.ability_words(c as usize);
                format!("seat {who} uses {}'s ability: {what}", card(c))
            }
            A::Place(c) => format!("seat {who} puts {} on the discard pile", card(c)),
            A::Discard(c) => format!("seat {who} discards {}", card(c)),
            A::Keep => format!("seat {who} keeps its black cards (they cannot be discarded)"),
            A::Claim(o) => format!(
                "seat {who} calls \"Actually!\" and claims {} for {}",
                card(s.window_card),
                self.option_words(o as usize)
            ),
            A::Pass => format!("seat {who} lets {} go", card(s.window_card)),
            A::Choose(t) => match ability() {
                Ability::GiveRandomDiscard => format!(
                    "seat {who} picks seat {t} to get a card and discard one at random (Mia's ability)"
                ),
                Ability::LockAsks => format!(
                    "seat {who} picks seat {t}: on its next turn it may ask only seat {who} (Juliet's ability)"
                ),
                Ability::SeeHand => {
                    format!("seat {who} looks at seat {t}'s hand {}", self.by_ability(s))
                }
                Ability::AskNotColour => format!(
                    "seat {who} picks seat {t} to give a card not of a colour (Jamie's ability)"
                ),
                _ => format!("seat {who} picks seat {t}"),
            },
            A::Pair(x, y) => {
                format!("seat {who} has seats {x} and {y} swap a card (Tony's ability)")
            }
            A::Track(r) => format!(
                "seat {who} moves its {} track up 1 {}",
                RELATIONSHIPS[r as usize],
                self.by_ability(s)
            ),
            A::Take(c) => {
                format!("seat {who} takes {} from the discard pile {}", card(c), self.by_ability(s))
            }
        }
    }

    /// What is being decided in `s`, in words, for the picture (public facts only: every
    /// player sees whose decision it is and what the rules ask of it).
    pub(super) fn doing_text(&self, s: &LoveState) -> String {
        let (cur, actor) = (s.current, s.actor);
        let by = || self.by_ability(s);
        match s.phase {
            Phase::Step1 => format!(
                "seat {cur}'s turn: take the discard pile's top card, or ask another player for a card"
            ),
            Phase::AskKind => format!(
                "seat {cur} asks seat {} for a card: by a name, a relationship or a colour?",
                s.ask_target
            ),
            Phase::AskValue => match s.ask_ctx {
                AskCtx::Step1 => format!(
                    "seat {cur} asks seat {} by {}: which one?",
                    s.ask_target,
                    super::places::ask_word(s.ask_kind)
                ),
                AskCtx::David => {
                    format!("seat {actor} names a character to ask everyone for {}", by())
                }
                AskCtx::Jamie => format!(
                    "seat {actor} names a colour: seat {} must give a card not of it {}",
                    s.ask_target,
                    by()
                ),
            },
            Phase::Respond => match s.ask_ctx {
                AskCtx::Jamie => format!(
                    "seat {actor} gives seat {} a card that is not {}",
                    s.scorer,
                    self.value_text(s.ask_kind, s.ask_value)
                ),
                // A name stays in the log's line of the ask: this line, drawn with the
                // hands, would seem to say where that card is.
                _ if s.ask_kind == AskKind::Name => {
                    format!(
                        "seat {actor} is asked for a card by name: hand it over, or say there is none"
                    )
                }
                _ => format!(
                    "seat {actor} is asked for {}: hand one over, or say there is none",
                    self.asked_for(s.ask_kind, s.ask_value)
                ),
            },
            Phase::Step2 => format!("seat {cur} may score one complete set from its hand"),
            Phase::ChooseAbility => {
                format!("seat {actor} picks the card of the scored set whose ability it uses")
            }
            Phase::HarryBlack => format!("seat {actor} may discard a black card {}", by()),
            Phase::ChooseSeat => format!("seat {actor} picks a player {}", by()),
            Phase::MiaGive => format!("seat {actor} gives seat {} a card {}", s.ask_target, by()),
            Phase::Expose => format!("seat {actor} shows seat {} a card {}", s.scorer, by()),
            Phase::TakePile => format!("seat {actor} takes a card from the discard pile {}", by()),
            Phase::TonyPair => format!("seat {actor} picks two players to swap a card {}", by()),
            Phase::Contribute => format!("seat {actor} picks a card to give {}", by()),
            Phase::ChooseTrack => format!("seat {actor} picks a track to move up 1 {}", by()),
            Phase::Place => {
                format!("seat {cur} puts its scored cards on the discard pile, one at a time")
            }
            Phase::Discard => format!(
                "seat {cur} discards down to {} cards (black cards cannot be discarded)",
                self.rules.hand_size
            ),
            Phase::Window => format!(
                "{} was discarded: seat {actor} may call \"Actually!\" if it completes a set in its hand",
                self.name_of(s.window_card)
            ),
            Phase::Deal | Phase::Draw | Phase::MiaRandom | Phase::ShuffleDeal => {
                "cards are being drawn".to_string()
            }
            Phase::Over => "the game is over".to_string(),
        }
    }

    /// The chance step from `before` to `after`, as far as every player may know (LA-13):
    /// who drew how many cards, never which; Mia's random discard, which lands face up
    /// (LA-19). Read from the two states: the state keeps no note of its last chance step.
    pub(super) fn describe_chance_text(&self, before: &LoveState, after: &LoveState) -> String {
        match before.phase {
            Phase::Deal => {
                format!("the deal: {} cards to each player, face down", self.rules.hand_size)
            }
            Phase::Draw => {
                let seat = before.draw_seat;
                // LA-14: the deck ran out, the pile became the deck (once at most: a deck
                // that runs out again has an empty pile behind it).
                let reshuffled = after.stats.reshuffles != before.stats.reshuffles;
                let from_pile = if reshuffled { before.pile_len as u32 } else { 0 };
                let got = before.deck.count_ones() + from_pile - after.deck.count_ones();
                let first = if reshuffled {
                    "the deck ran out, so the discard pile was shuffled into a new deck; "
                } else {
                    ""
                };
                match got {
                    0 => {
                        format!("{first}seat {seat} draws nothing: the deck and the pile are empty")
                    }
                    1 => format!("{first}seat {seat} draws 1 card from the deck"),
                    n => format!("{first}seat {seat} draws {n} cards from the deck"),
                }
            }
            Phase::MiaRandom => {
                let seat = before.ask_target;
                let gone = before.hands[seat as usize] & !after.hands[seat as usize];
                if before.hands[seat as usize] == 0 || gone == 0 {
                    format!("seat {seat} has no card to discard (Mia's ability)")
                } else {
                    let card = gone.trailing_zeros() as u8;
                    format!("seat {seat} discards {} at random (Mia's ability)", self.name_of(card))
                }
            }
            Phase::ShuffleDeal => {
                let seats = before.contributors;
                let who: Vec<String> =
                    (0..SEATS).filter(|w| seats & (1 << w) != 0).map(|w| w.to_string()).collect();
                format!(
                    "the picked cards are shuffled and dealt back, one each to seats {} {}",
                    who.join(", "),
                    self.by_ability(before)
                )
            }
            _ => "nothing was drawn".to_string(),
        }
    }

    pub(super) fn render_text(&self, s: &LoveState) -> String {
        self.render_for(s, None)
    }

    /// The state as text, whole (`None`) or as seat v sees it (`Some(v)`, LA-13): in
    /// another hand, the cards v knows and a `?` for each other card.
    pub(super) fn render_for(&self, s: &LoveState, viewer: Option<usize>) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "turn {} (seat {}), {:?}, deck {}, pile [{}]",
            s.turns,
            s.current,
            s.phase,
            s.deck.count_ones(),
            s.pile[..s.pile_len as usize]
                .iter()
                .map(|&c| self.name_of(c))
                .collect::<Vec<_>>()
                .join(", ")
        );
        for w in 0..s.players().min(SEATS) {
            let _ = writeln!(
                out,
                "seat {w}: {} points, tracks {:?}, hand [{}], aside [{}]",
                s.scores[w],
                s.tracks[w],
                self.hand_text(s, w, viewer),
                self.names(s.aside[w])
            );
        }
        if s.scored != 0 {
            let _ = writeln!(out, "scored: [{}]", self.names(s.scored));
        }
        out
    }
}
