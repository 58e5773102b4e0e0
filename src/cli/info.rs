//! `arena games` and `arena bots`: what can be played, with every rule parameter, its
//! default and where the default comes from, and every bot profile.

use crate::bots::profile::{BUILT_IN, profile_table};
use crate::games::GAMES;

pub fn games(args: &super::GamesArgs) -> anyhow::Result<()> {
    if args.names {
        for entry in GAMES {
            crate::outln!("{}", entry.name);
        }
        return Ok(());
    }
    crate::outln!(
        "Origins: FOUND = the designer's rule (rulebook or recovered material); DEFAULT = our"
    );
    crate::outln!(
        "choice where the rules are silent (docs/rules/); REFERENCE = a reference game's standard"
    );
    crate::outln!("rules; ENGINE = a harness setting such as the turn cap.\n");
    for entry in GAMES {
        let game = entry.default_game();
        let seats = game.seats();
        crate::outln!(
            "{}  ({}-{} players, default {}; default bots {})",
            entry.name,
            seats.start(),
            seats.end(),
            game.default_players(),
            entry.default_bots
        );
        let params = game.params();
        if params.is_empty() {
            crate::outln!("  (no rule parameters)");
        }
        for p in params {
            crate::outln!(
                "  {:<28} = {:<12} {:<9} allowed {}",
                p.key.as_str(),
                p.default,
                p.origin.to_string(),
                p.allowed
            );
            if !p.doc.is_empty() {
                crate::outln!("      {}", p.doc);
            }
        }
        crate::outln!();
    }
    Ok(())
}

pub fn bots() -> anyhow::Result<()> {
    crate::outln!(
        "Bot profiles (use with --bots NAME[:key=value...], one per seat, comma-separated):\n"
    );
    for (name, _) in BUILT_IN {
        let table = profile_table(name)?;
        let kind = table.get("kind").and_then(|v| v.as_str()).unwrap_or(name);
        let description = table.get("description").and_then(|v| v.as_str()).unwrap_or("");
        crate::outln!("{name:<12} kind {kind:<8} {description}");
        for (key, value) in table.iter().filter(|(k, _)| *k != "kind" && *k != "description") {
            crate::outln!("    {key} = {value}");
        }
    }
    Ok(())
}
