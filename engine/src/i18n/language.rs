//! The languages Skein's interface ships in, their writing direction, and which one a browser's
//! preferred languages (`navigator.languages`) get.

use serde::{Deserialize, Serialize};

/// A shipped interface language. Its translation file is `public/locales/{tag}.ftl`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Language {
    #[serde(rename = "en")]
    English,
    #[serde(rename = "zh-CN")]
    SimplifiedChinese,
    #[serde(rename = "ar")]
    Arabic,
}

impl Language {
    /// Every shipped language, English (the source and the fallback) first.
    pub const ALL: [Language; 3] = [
        Language::English,
        Language::SimplifiedChinese,
        Language::Arabic,
    ];

    /// The BCP 47 tag: `lang` on the page, the file's name, `Intl`'s locale.
    pub fn tag(self) -> &'static str {
        match self {
            Self::English => "en",
            Self::SimplifiedChinese => "zh-CN",
            Self::Arabic => "ar",
        }
    }

    /// The language's name in itself: what the language menu shows, whatever the interface is in.
    pub fn native_name(self) -> &'static str {
        match self {
            Self::English => "English",
            Self::SimplifiedChinese => "简体中文",
            Self::Arabic => "العربية",
        }
    }

    /// Written right to left: the page gets `dir="rtl"` and mirrors its layout.
    pub fn right_to_left(self) -> bool {
        matches!(self, Self::Arabic)
    }

    pub fn dir(self) -> &'static str {
        if self.right_to_left() {
            "rtl"
        } else {
            "ltr"
        }
    }

    /// The language of `tag` exactly (case-insensitive), for stored choices.
    pub fn from_tag(tag: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|language| language.tag().eq_ignore_ascii_case(tag))
    }

    /// The shipped language closest to `tag`: the same tag, else the same primary language
    /// (`zh-Hans-SG`, `zh-TW` and `zh` read Simplified Chinese rather than English; `ar-EG`
    /// reads Arabic).
    fn closest(tag: &str) -> Option<Self> {
        let tag = tag.trim();
        Self::from_tag(tag).or_else(|| {
            let primary = tag.split(['-', '_']).next()?;
            Self::ALL.into_iter().find(|language| {
                language
                    .tag()
                    .split('-')
                    .next()
                    .is_some_and(|own| own.eq_ignore_ascii_case(primary))
            })
        })
    }

    /// The interface language for a browser whose preferred languages are `preferred` (most
    /// preferred first): the first one Skein ships, else English.
    pub fn negotiate<S: AsRef<str>>(preferred: &[S]) -> Self {
        preferred
            .iter()
            .find_map(|tag| Self::closest(tag.as_ref()))
            .unwrap_or(Self::English)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_preferred_language_skein_ships_wins() {
        assert_eq!(
            Language::negotiate(&["fr-FR", "zh-CN", "en"]),
            Language::SimplifiedChinese
        );
        assert_eq!(Language::negotiate(&["ar-EG"]), Language::Arabic);
        assert_eq!(
            Language::negotiate(&["zh-Hans-SG", "en"]),
            Language::SimplifiedChinese
        );
        assert_eq!(Language::negotiate(&["ZH_cn"]), Language::SimplifiedChinese);
        assert_eq!(Language::negotiate(&["en-GB", "ar"]), Language::English);
        assert_eq!(Language::negotiate(&["de", "ja"]), Language::English);
        assert_eq!(Language::negotiate::<&str>(&[]), Language::English);
        assert_eq!(Language::negotiate(&["", " ", "-"]), Language::English);
    }

    #[test]
    fn tags_round_trip_and_only_arabic_is_right_to_left() {
        for language in Language::ALL {
            assert_eq!(Language::from_tag(language.tag()), Some(language));
            let json = serde_json::to_string(&language).unwrap();
            assert_eq!(json, format!("\"{}\"", language.tag()));
        }
        let rtl: Vec<_> = Language::ALL
            .into_iter()
            .filter(|l| l.right_to_left())
            .collect();
        assert_eq!(rtl, [Language::Arabic]);
        assert_eq!(Language::Arabic.dir(), "rtl");
        assert_eq!(Language::English.dir(), "ltr");
    }
}
