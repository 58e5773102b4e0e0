//! A game's "How to play": one short text in the game's folder (`how_to_play.md`) that the
//! replay and play pages show as their "How to play" panel and that the game's rules page
//! (`docs/rules/`) opens with, so the two never say different things. The text is five
//! paragraphs, each opened by its part's name in bold: **Goal.**, **A turn.**, **How it
//! ends.**, **Scoring.** and **On this page.** (a paragraph's lines are joined by spaces).

/// The parts, in order: the key the pages' panel reads, and the name that opens its
/// paragraph.
pub const PARTS: [(&str, &str); 5] = [
    ("goal", "Goal"),
    ("turn", "A turn"),
    ("end", "How it ends"),
    ("score", "Scoring"),
    ("page", "On this page"),
];

/// The parts of `text` by key, in [`PARTS`]' order, or what is wrong with it: every part
/// once, in order, and nothing else.
pub fn parts(text: &str) -> Result<Vec<(&'static str, String)>, String> {
    let paragraphs: Vec<String> = text
        .split("\n\n")
        .map(|p| p.lines().map(str::trim).collect::<Vec<_>>().join(" "))
        .filter(|p| !p.is_empty())
        .collect();
    if paragraphs.len() != PARTS.len() {
        return Err(format!(
            "{} paragraphs, not the {} parts ({})",
            paragraphs.len(),
            PARTS.len(),
            PARTS.map(|(_, name)| format!("**{name}.**")).join(", ")
        ));
    }
    PARTS
        .iter()
        .zip(&paragraphs)
        .map(|(&(key, name), paragraph)| {
            let opening = format!("**{name}.** ");
            match paragraph.strip_prefix(&opening) {
                Some(said) if !said.trim().is_empty() => Ok((key, said.trim().to_string())),
                _ => Err(format!("a paragraph opening with `{opening}` and saying something")),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_five_parts_are_read_in_order_with_their_lines_joined() {
        let text = "**Goal.** Win.\n\n**A turn.** Roll,\nthen stop.\n\n**How it ends.** At 100.\n\n\
                    **Scoring.** Banked points.\n\n**On this page.** Click the die.\n";
        let read = parts(text).unwrap();
        assert_eq!(read[0], ("goal", "Win.".to_string()));
        assert_eq!(read[1], ("turn", "Roll, then stop.".to_string()));
        assert_eq!(read[4], ("page", "Click the die.".to_string()));
    }

    #[test]
    fn a_missing_or_misplaced_part_is_named() {
        let four = "**Goal.** a\n\n**A turn.** b\n\n**How it ends.** c\n\n**Scoring.** d\n";
        assert!(parts(four).unwrap_err().contains("4 paragraphs"));
        let swapped = "**A turn.** b\n\n**Goal.** a\n\n**How it ends.** c\n\n**Scoring.** d\n\n\
                       **On this page.** e";
        assert!(parts(swapped).unwrap_err().contains("**Goal.**"));
        let empty = "**Goal.** \n\n**A turn.** b\n\n**How it ends.** c\n\n**Scoring.** d\n\n\
                     **On this page.** e";
        assert!(parts(empty).is_err());
    }
}
