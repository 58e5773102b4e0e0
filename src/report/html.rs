//! The one HTML escaper of every page arena writes or serves, and their
//! Content-Security-Policies: no page runs a script but its own (allowed by its hash), loads
//! anything from elsewhere, or sends a form. A page is a file a designer opens, or mails on:
//! whatever a trace, a rules file or a flag put into it stays text.

use base64::Engine;
use sha2::{Digest, Sha256};

/// Escape text for HTML, in an element or a quoted attribute value.
pub fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// What every page's policy says: nothing from elsewhere, inline styles (the drawings
/// colour dice in `style` attributes; a style cannot run script or, with no outside source,
/// fetch anything), no `<base>` and no form.
const COMMON: &str = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

/// The policy of a page without script (reports, sweep and ladder pages).
pub fn policy_without_script() -> String {
    format!("{COMMON}; script-src 'none'")
}

/// The policy of a page whose only script is `script`, the exact text of its one inline
/// `<script>` element; `connect_self` lets it fetch from its own server (the play page).
pub fn policy_with_script(script: &str, connect_self: bool) -> String {
    let hash = base64::engine::general_purpose::STANDARD.encode(Sha256::digest(script.as_bytes()));
    let connect = if connect_self { "; connect-src 'self'" } else { "" };
    format!("{COMMON}; script-src 'sha256-{hash}'{connect}")
}

/// The policy of an answer that is not a page (JSON, an error): nothing at all.
pub const POLICY_NO_PAGE: &str = "default-src 'none'";

/// What a server adds to every policy it sends: no page elsewhere may frame it (this counts
/// only in a header; a browser ignores it, and says so, in a page's `<meta>`).
pub const NO_FRAMES: &str = "frame-ancestors 'none'";

/// The `<meta>` element that gives a written page its `policy` (first in `<head>`, before
/// anything it governs).
pub fn policy_meta(policy: &str) -> String {
    format!("<meta http-equiv=\"Content-Security-Policy\" content=\"{}\">", esc(policy))
}

/// `template` with each `{{NAME}}` replaced by its value in one pass: a value is never
/// read again as a template, so a title holding `{{TRACE}}` stays that text. A placeholder
/// without a value is a fault of arena's own templates.
pub fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out =
        String::with_capacity(template.len() + values.iter().map(|v| v.1.len()).sum::<usize>());
    let mut rest = template;
    while let Some(at) = rest.find("{{") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 2..];
        let end = after.find("}}").expect("a template's placeholder ends with }}");
        let name = &after[..end];
        let value = values.iter().find(|(k, _)| *k == name).map(|(_, v)| *v);
        out.push_str(value.unwrap_or_else(|| panic!("the template's {{{{{name}}}}} has no value")));
        rest = &after[end + 2..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_template_is_filled_once_and_values_stay_text() {
        let page = fill("<t>{{A}}</t>{{B}}", &[("A", "{{B}}"), ("B", "b")]);
        assert_eq!(page, "<t>{{B}}</t>b");
    }

    #[test]
    fn the_escaper_leaves_no_tag_and_no_attribute_breakout() {
        let hostile = r#"<img src=x onerror="alert(1)"> ' & "#;
        let out = esc(hostile);
        assert!(!out.contains(['<', '>', '"', '\'']), "{out}");
        assert_eq!(out, "&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &#39; &amp; ");
    }

    #[test]
    fn a_script_is_allowed_by_the_hash_of_its_exact_text() {
        // The hash of "alert(1)" as browsers compute it (CSP Level 3, base64 of SHA-256).
        let policy = policy_with_script("alert(1)", false);
        assert!(
            policy.contains("'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='"),
            "{policy}"
        );
        assert!(!policy.contains("unsafe-eval") && !policy.contains("connect-src"));
        assert_ne!(policy_with_script("alert(2)", false), policy);
        assert!(policy_with_script("x", true).ends_with("connect-src 'self'"));
        assert!(policy_without_script().contains("script-src 'none'"));
    }
}
