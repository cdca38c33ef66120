//! `Warning` headers (`299 - "<text>"`), capped as upstream's warning
//! recorder caps them, on successful answers and refusals alike.

use axum::http::{HeaderMap, HeaderValue};

/// Total characters of warning text a response carries in full
/// (upstream's `truncateAtTotalRunes`).
const WARNINGS_TOTAL_RUNES: usize = 4 * 1024;

/// Characters each warning keeps once the total is passed
/// (upstream's `truncateItemRunes`).
const WARNING_ITEM_RUNES: usize = 256;

/// One `Warning: 299 - "<text>"` header per distinct warning, capped as
/// upstream's warning recorder (`endpoints/filters/warning.go`) caps them:
/// warnings are kept whole while their text totals at most 4,096
/// characters; the first warning past that cuts every warning to 256
/// characters, and once the cut warnings reach 4,096 characters the rest
/// are dropped. 200,000 unknown fields give a few dozen headers, not
/// 200,000.
pub(crate) fn add_warnings(headers: &mut HeaderMap, warnings: Vec<String>) {
    for w in cap_warnings(warnings) {
        if let Ok(v) = HeaderValue::from_str(&format!("299 - {}", runtime::field::quote(&w))) {
            headers.append("Warning", v);
        }
    }
}

/// The warnings a response sends, per [`add_warnings`].
fn cap_warnings(warnings: Vec<String>) -> Vec<String> {
    let cut = |w: &str| w.chars().take(WARNING_ITEM_RUNES).collect::<String>();
    let mut seen = std::collections::HashSet::new();
    let mut kept: Vec<String> = Vec::new();
    let mut written = 0usize;
    let mut truncating = false;
    for w in warnings {
        if w.is_empty() || !seen.insert(w.clone()) {
            continue;
        }
        if truncating && written >= WARNINGS_TOTAL_RUNES {
            break;
        }
        let runes = w.chars().count();
        if !truncating && written + runes > WARNINGS_TOTAL_RUNES {
            truncating = true;
            kept = kept.iter().map(|k| cut(k)).collect();
            written = kept.iter().map(|k| k.chars().count()).sum();
        }
        let w = if truncating { cut(&w) } else { w };
        written += w.chars().count();
        kept.push(w);
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    /// upstream's `TestTruncation` shape: whole while under 4,096
    /// characters, then every warning cut to 256, then none.
    #[test]
    fn warnings_are_capped_as_upstream_caps_them() {
        let few: Vec<String> = (0..3).map(|i| format!("unknown field \"f{i}\"")).collect();
        assert_eq!(cap_warnings(few.clone()), few);
        let duplicated = vec!["a".to_string(), "a".to_string(), String::new()];
        assert_eq!(cap_warnings(duplicated), vec!["a".to_string()]);
        let long: Vec<String> = (0..20)
            .map(|i| format!("{i:03}{}", "x".repeat(997)))
            .collect();
        let kept = cap_warnings(long);
        // 4 whole warnings fit (4,000); the 5th cuts all to 256; 16 cut
        // warnings reach 4,096.
        assert_eq!(kept.len(), 16);
        assert!(kept.iter().all(|w| w.chars().count() == 256));
        assert!(kept[0].starts_with("000") && kept[15].starts_with("015"));
        let many: Vec<String> = (0..200_000)
            .map(|i| format!("unknown field \"f{i}\""))
            .collect();
        let kept = cap_warnings(many);
        assert!(kept.len() < 300, "{}", kept.len());
    }
}
