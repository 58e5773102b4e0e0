//! State files with a checksum of their content (checkpoints, ladder and sweep state), so
//! that a changed digit is refused instead of flowing into the results. The file is still
//! JSON, `{"crc32":"1a2b3c4d","content":...}\n`, with the CRC-32 over the exact bytes of
//! `content` as written: checking needs no re-serialisation (which could round a float
//! differently) and no JSON parser beyond the one that reads the content.

/// The opening of every checked file, before the eight hex digits of the CRC.
const HEAD: &str = "{\"crc32\":\"";
/// Between the CRC and the content.
const MIDDLE: &str = "\",\"content\":";
/// After the content.
const TAIL: &str = "}\n";

/// `value` as a checked file's bytes.
pub fn checked_json<T: serde::Serialize>(value: &T) -> serde_json::Result<Vec<u8>> {
    let content = serde_json::to_vec(value)?;
    let crc = crc32fast::hash(&content);
    let mut out = Vec::with_capacity(content.len() + 40);
    out.extend_from_slice(format!("{HEAD}{crc:08x}{MIDDLE}").as_bytes());
    out.extend_from_slice(&content);
    out.extend_from_slice(TAIL.as_bytes());
    Ok(out)
}

/// The content of a checked file, or why it cannot be trusted (a sentence without the
/// file's name, which the caller adds).
pub fn checked_content(bytes: &[u8]) -> Result<&[u8], String> {
    let head = HEAD.len() + 8 + MIDDLE.len();
    let well_formed = bytes.len() >= head + TAIL.len()
        && bytes.starts_with(HEAD.as_bytes())
        && bytes[HEAD.len() + 8..head] == *MIDDLE.as_bytes()
        && bytes.ends_with(TAIL.as_bytes());
    if !well_formed {
        return Err("it has no checksum line of arena's (`{\"crc32\":...,\"content\":...}`)".into());
    }
    let digits = std::str::from_utf8(&bytes[HEAD.len()..HEAD.len() + 8]).unwrap_or("");
    let Ok(expected) = u32::from_str_radix(digits, 16) else {
        return Err(format!("its checksum `{digits}` is not eight hex digits"));
    };
    let content = &bytes[head..bytes.len() - TAIL.len()];
    let found = crc32fast::hash(content);
    if found != expected {
        return Err(format!(
            "its content does not match its checksum (crc32 {found:08x}, recorded {expected:08x}): the file was changed or damaged"
        ));
    }
    Ok(content)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_changed_digit_is_refused() {
        let bytes = checked_json(&serde_json::json!({"wins": [12, 30], "t": 0.1})).unwrap();
        let content = checked_content(&bytes).unwrap();
        assert_eq!(content, br#"{"t":0.1,"wins":[12,30]}"#);
        let text = String::from_utf8(bytes.clone()).unwrap().replace("30", "31");
        assert!(checked_content(text.as_bytes()).unwrap_err().contains("checksum"));
        assert!(checked_content(&bytes[..bytes.len() - 3]).is_err());
        assert!(checked_content(b"").is_err());
    }
}
