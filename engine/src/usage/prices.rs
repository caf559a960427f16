//! Prices the user enters per model (per million input and output tokens, in whatever
//! currency they think in), so the usage screen can say what the calls cost. Kept by the app as
//! JSON in `localStorage`; an entry that cannot be read is dropped, never the whole list.

use serde::{Deserialize, Serialize};

/// The largest price per million tokens accepted: far above any real one, low enough that a
/// sum over every count the engine keeps stays finite.
const MAX_PRICE: f64 = 1_000_000.0;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ModelPrice {
    pub model: String,
    pub input_per_million: f64,
    pub output_per_million: f64,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Prices {
    pub models: Vec<ModelPrice>,
}

/// Why a price was not taken, in words for the field it belongs to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PriceError {
    NotANumber { field: &'static str },
    OutOfRange { field: &'static str },
    NoModel,
}

impl crate::i18n::Explain for PriceError {
    fn phrase(&self) -> crate::i18n::Phrase {
        use crate::i18n::phrase;
        match self {
            Self::NotANumber { field } => phrase("error-price-not-a-number").with("field", field),
            Self::OutOfRange { field } => phrase("error-price-out-of-range").with("field", field),
            Self::NoModel => phrase("error-price-no-model"),
        }
    }
}

impl std::fmt::Display for PriceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::NotANumber { field } => write!(
                f,
                "Enter the price per million {field} tokens as a number, such as 2.50."
            ),
            Self::OutOfRange { field } => write!(
                f,
                "The price per million {field} tokens must be between 0 and 1,000,000."
            ),
            Self::NoModel => write!(f, "A price needs the model's name."),
        }
    }
}

/// A price as typed: `"2.5"`, `"$2.50"`, `" 3,00 "` (a decimal comma) or empty (0).
fn parse_price(text: &str, field: &'static str) -> Result<f64, PriceError> {
    let text = text.trim().trim_start_matches(['$', '€', '£']).trim();
    if text.is_empty() {
        return Ok(0.0);
    }
    let value: f64 = text
        .replace(',', ".")
        .parse()
        .map_err(|_| PriceError::NotANumber { field })?;
    if !(0.0..=MAX_PRICE).contains(&value) {
        return Err(PriceError::OutOfRange { field });
    }
    Ok(value)
}

fn valid(price: &ModelPrice) -> bool {
    let ok = |v: f64| (0.0..=MAX_PRICE).contains(&v);
    !price.model.trim().is_empty() && ok(price.input_per_million) && ok(price.output_per_million)
}

impl Prices {
    /// The prices stored as `json`; unreadable entries (or a corrupt whole) are left out.
    pub fn from_json(json: Option<&str>) -> Self {
        let Some(value) = json.and_then(|j| serde_json::from_str::<serde_json::Value>(j).ok())
        else {
            return Self::default();
        };
        let models = value
            .get("models")
            .and_then(|m| m.as_array())
            .map(|list| {
                list.iter()
                    .filter_map(|entry| serde_json::from_value::<ModelPrice>(entry.clone()).ok())
                    .filter(valid)
                    .collect()
            })
            .unwrap_or_default();
        Self { models }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|_| "{}".into())
    }

    /// The price of `model`, if the user entered one.
    pub fn get(&self, model: &str) -> Option<&ModelPrice> {
        self.models.iter().find(|p| p.model == model.trim())
    }

    /// Takes the price of `model` as typed; both fields empty removes it. On an error nothing
    /// changes.
    pub fn set(&mut self, model: &str, input: &str, output: &str) -> Result<(), PriceError> {
        let model = model.trim();
        if model.is_empty() {
            return Err(PriceError::NoModel);
        }
        if input.trim().is_empty() && output.trim().is_empty() {
            self.models.retain(|p| p.model != model);
            return Ok(());
        }
        let price = ModelPrice {
            model: model.to_owned(),
            input_per_million: parse_price(input, "input")?,
            output_per_million: parse_price(output, "output")?,
        };
        match self.models.iter_mut().find(|p| p.model == model) {
            Some(existing) => *existing = price,
            None => self.models.push(price),
        }
        Ok(())
    }

    /// What `prompt` input and `completion` output tokens of `model` cost, if it has a price.
    pub fn cost(&self, model: &str, prompt: u64, completion: u64) -> Option<f64> {
        self.get(model).map(|p| {
            (prompt as f64 * p.input_per_million + completion as f64 * p.output_per_million) / 1e6
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prices_are_taken_as_people_type_them() {
        let mut prices = Prices::default();
        prices.set(" gpt-4o ", "$2.50", "10").unwrap();
        prices.set("local", "", "0,5").unwrap();
        assert_eq!(prices.get("gpt-4o").unwrap().input_per_million, 2.5);
        assert_eq!(prices.get("local").unwrap().output_per_million, 0.5);
        assert_eq!(prices.cost("gpt-4o", 1_000, 100), Some(0.0035));
        assert_eq!(prices.cost("unpriced", 1_000, 100), None);
        prices.set("gpt-4o", "3", "12").unwrap();
        assert_eq!(prices.models.len(), 2, "a second entry replaces the first");
        prices.set("gpt-4o", " ", "").unwrap();
        assert!(prices.get("gpt-4o").is_none(), "both empty removes it");
    }

    #[test]
    fn a_bad_price_is_refused_and_changes_nothing() {
        let mut prices = Prices::default();
        prices.set("m", "1", "2").unwrap();
        let before = prices.clone();
        let err = prices.set("m", "two", "2").unwrap_err();
        assert_eq!(
            err.to_string(),
            "Enter the price per million input tokens as a number, such as 2.50."
        );
        for bad in ["-1", "1e9", "inf", "NaN"] {
            assert!(prices.set("m", "1", bad).is_err(), "{bad}");
        }
        assert_eq!(prices.set("  ", "1", "1"), Err(PriceError::NoModel));
        assert_eq!(prices, before);
    }

    #[test]
    fn stored_prices_survive_round_trips_and_damage() {
        let mut prices = Prices::default();
        prices.set("a", "1", "2").unwrap();
        assert_eq!(Prices::from_json(Some(&prices.to_json())), prices);
        let damaged = r#"{"models":[{"model":"a","input_per_million":1,"output_per_million":2},
            {"model":"b","input_per_million":"x"},{"model":"","input_per_million":1,"output_per_million":1},
            {"model":"c","input_per_million":-3,"output_per_million":1},7]}"#;
        assert_eq!(Prices::from_json(Some(damaged)), prices);
        for broken in [
            None,
            Some(""),
            Some("{"),
            Some("[]"),
            Some(r#"{"models":5}"#),
        ] {
            assert_eq!(Prices::from_json(broken), Prices::default(), "{broken:?}");
        }
    }
}
