//! Exact chances as reduced fractions, for every system's `odds`.

use schemars::JsonSchema;
use serde::Serialize;

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// `n/d` in lowest terms (`0/d` is `0/1`).
pub fn reduce(n: u64, d: u64) -> (u64, u64) {
    let g = gcd(n, d).max(1);
    (n / g, d / g)
}

/// An exact chance, in lowest terms, with its value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Fraction {
    pub numerator: u64,
    pub denominator: u64,
}

impl Fraction {
    /// `n` outcomes of `d`, reduced.
    pub fn of(n: u64, d: u64) -> Fraction {
        let (numerator, denominator) = reduce(n, d.max(1));
        Fraction {
            numerator,
            denominator,
        }
    }

    pub fn value(self) -> f64 {
        self.numerator as f64 / self.denominator as f64
    }
}

impl std::fmt::Display for Fraction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.denominator == 1 {
            write!(f, "{}", self.numerator)
        } else {
            write!(f, "{}/{}", self.numerator, self.denominator)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fractions_come_in_lowest_terms() {
        assert_eq!(reduce(26, 36), (13, 18));
        assert_eq!(reduce(0, 36), (0, 1));
        assert_eq!(Fraction::of(4, 36).to_string(), "1/9");
        assert_eq!(Fraction::of(36, 36).to_string(), "1");
    }
}
