//! Nearest-id suggestions for mistyped names.

/// The candidate closest to `input`, when it is close enough to be a plausible typo.
pub fn suggest<'a>(input: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let input_lower = input.to_lowercase();
    candidates
        .into_iter()
        .filter(|c| !c.is_empty())
        .map(|c| (c, strsim::jaro_winkler(&input_lower, &c.to_lowercase())))
        .filter(|(_, score)| *score >= 0.8)
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(c, _)| c)
}

/// "did you mean `x`?" help text, or a list of the valid names when none is close.
pub fn did_you_mean<'a>(
    input: &str,
    candidates: impl IntoIterator<Item = &'a str> + Clone,
) -> String {
    match suggest(input, candidates.clone()) {
        Some(best) => format!("did you mean `{best}`?"),
        None => {
            let all: Vec<&str> = candidates.into_iter().collect();
            if all.is_empty() {
                "nothing is valid here".to_owned()
            } else {
                format!("expected one of: {}", all.join(", "))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_the_nearest_id_for_a_typo() {
        let ids = ["katana", "wakizashi", "naginata", "nodachi"];
        assert_eq!(suggest("katanna", ids), Some("katana"));
        assert_eq!(suggest("naginta", ids), Some("naginata"));
    }

    #[test]
    fn suggests_nothing_for_an_unrelated_word() {
        assert_eq!(suggest("xylophone", ["katana", "yari"]), None);
        assert_eq!(
            did_you_mean("xylophone", ["katana", "yari"]),
            "expected one of: katana, yari"
        );
    }
}
