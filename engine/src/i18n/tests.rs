//! The shipped translation files against each other: every one parses, none lacks or adds a
//! message, and none uses a placeholder English does not give it.

use super::*;
use std::collections::BTreeSet;

fn source(language: Language) -> &'static str {
    match language {
        Language::English => ENGLISH_SOURCE,
        Language::SimplifiedChinese => include_str!("../../../public/locales/zh-CN.ftl"),
        Language::Arabic => include_str!("../../../public/locales/ar.ftl"),
    }
}

fn variables(pattern: &Pattern, out: &mut BTreeSet<String>) {
    for element in pattern {
        match element {
            Element::Text(_) => {}
            Element::Variable(name) => {
                out.insert(name.clone());
            }
            Element::Select {
                variable, variants, ..
            } => {
                out.insert(variable.clone());
                for (_, variant) in variants {
                    variables(variant, out);
                }
            }
        }
    }
}

#[test]
fn every_shipped_language_has_exactly_the_english_messages_and_placeholders() {
    let english = ftl::parse(ENGLISH_SOURCE).unwrap();
    assert!(!english.is_empty());
    for language in Language::ALL {
        let messages = ftl::parse(source(language))
            .unwrap_or_else(|e| panic!("public/locales/{}.ftl: {e}", language.tag()));
        let missing: BTreeSet<_> = english
            .keys()
            .filter(|k| !messages.contains_key(*k))
            .collect();
        let extra: BTreeSet<_> = messages
            .keys()
            .filter(|k| !english.contains_key(*k))
            .collect();
        assert!(
            missing.is_empty(),
            "{}.ftl lacks {missing:?}",
            language.tag()
        );
        assert!(
            extra.is_empty(),
            "{}.ftl has unknown {extra:?}",
            language.tag()
        );
        for (id, pattern) in &messages {
            let (mut own, mut given) = (BTreeSet::new(), BTreeSet::new());
            variables(pattern, &mut own);
            variables(&english[id], &mut given);
            assert!(
                own.is_subset(&given),
                "{}.ftl: `{id}` uses {own:?}, English gives {given:?}",
                language.tag()
            );
        }
    }
}

/// Arabic's plural categories, as `Intl.PluralRules('ar')` gives them.
struct ArabicRules;

impl LocaleRules for ArabicRules {
    fn plural(&self, n: f64) -> &'static str {
        let m = n % 100.0;
        match n {
            _ if n == 0.0 => "zero",
            _ if n == 1.0 => "one",
            _ if n == 2.0 => "two",
            _ if (3.0..=10.0).contains(&m) => "few",
            _ if (11.0..=99.0).contains(&m) => "many",
            _ => "other",
        }
    }

    fn number(&self, n: f64) -> String {
        EnglishRules.number(n)
    }
}

#[test]
fn plurals_pick_the_exact_number_then_the_category_then_the_default() {
    let english = Localizer::english();
    let long = |l: &Localizer, n: u32, rules: &dyn LocaleRules| {
        l.format(
            "spoken-code-long",
            &[("lines", n.into()), ("first", "fn main() {".into())],
            rules,
        )
    };
    assert_eq!(
        long(&english, 1, &EnglishRules),
        "Code, one line, starting: fn main() {"
    );
    assert_eq!(
        long(&english, 12, &EnglishRules),
        "Code, 12 lines, starting: fn main() {"
    );
    let arabic = Localizer::new(Language::Arabic, source(Language::Arabic)).unwrap();
    let bare = |s: String| s.replace(['\u{2068}', '\u{2069}'], "");
    assert!(bare(long(&arabic, 2, &ArabicRules)).starts_with("رمز، سطران"));
    assert!(bare(long(&arabic, 5, &ArabicRules)).starts_with("رمز، 5 أسطر"));
    assert!(bare(long(&arabic, 40, &ArabicRules)).starts_with("رمز، 40 سطرًا"));
}

#[test]
fn placeholders_are_isolated_only_in_a_right_to_left_interface() {
    let args = [("names", Arg::from("create_memory"))];
    let english = Localizer::english();
    assert_eq!(
        english.format("spoken-awaiting-approval", &args, &EnglishRules),
        "Waiting for your approval to run: create_memory."
    );
    let arabic = Localizer::new(Language::Arabic, source(Language::Arabic)).unwrap();
    assert_eq!(
        arabic.format("spoken-awaiting-approval", &args, &EnglishRules),
        "بانتظار موافقتك لتشغيل: \u{2068}create_memory\u{2069}."
    );
    let chinese = Localizer::new(
        Language::SimplifiedChinese,
        source(Language::SimplifiedChinese),
    )
    .unwrap();
    assert_eq!(
        chinese.format("spoken-awaiting-approval", &args, &EnglishRules),
        "等待你批准运行：create_memory。"
    );
}

#[test]
fn a_missing_or_unknown_id_shows_as_itself() {
    let partial = Localizer::new(Language::SimplifiedChinese, "language-label = 语言\n").unwrap();
    assert_eq!(partial.text("language-label"), "语言");
    // Nothing falls back (the shipped files hold every message: see the test above).
    assert_eq!(
        partial.text("language-follow-browser"),
        "language-follow-browser"
    );
    assert_eq!(partial.text("no-such-message"), "no-such-message");
    assert_eq!(partial.format("no-such", &[], &EnglishRules), "no-such");
    // A message that needs arguments is not plain text; a missing argument shows its name.
    let english = Localizer::english();
    assert_eq!(english.text("spoken-code"), "spoken-code");
    assert_eq!(
        english.format("spoken-code", &[], &EnglishRules),
        "Code: {$text}"
    );
    assert_eq!(partial.language(), Language::SimplifiedChinese);
    // What the app shows when it can read no file at all: the ids.
    let empty = Localizer::empty(Language::English);
    assert_eq!(empty.text("language-label"), "language-label");
}

#[test]
fn a_broken_file_is_refused_with_its_line() {
    let err = Localizer::new(Language::Arabic, "a = 1\nb = { $n\n").unwrap_err();
    assert_eq!(err.line, 2);
}

#[test]
fn english_numbers_are_plain() {
    assert_eq!(EnglishRules.number(3.0), "3");
    assert_eq!(EnglishRules.number(1_234_567.0), "1,234,567");
    assert_eq!(EnglishRules.number(-4200.0), "-4,200");
    assert_eq!(EnglishRules.number(2.5), "2.5");
    assert_eq!(EnglishRules.number(0.126), "0.13");
}

#[test]
fn shipped_selects_keep_the_spaces_and_words_of_each_branch() {
    let english = Localizer::english();
    let totals = |tools: usize| {
        english.format(
            "inspector-totals",
            &[
                ("model", "m".into()),
                ("tokens", "1.2k".into()),
                ("messages", 3.into()),
                ("tools", tools.into()),
            ],
            &EnglishRules,
        )
    };
    assert_eq!(totals(0), "m · ≈ 1.2k tokens in 3 messages");
    assert_eq!(totals(1), "m · ≈ 1.2k tokens in 3 messages and 1 tool");
    assert_eq!(totals(2), "m · ≈ 1.2k tokens in 3 messages and 2 tools");
    let line = |skipped: usize| {
        english.format(
            "inspector-dictionary-line",
            &[
                ("name", "d".into()),
                ("replaced", 4.into()),
                ("skipped", skipped.into()),
            ],
            &EnglishRules,
        )
    };
    assert_eq!(line(0), "d: 4 replaced");
    assert_eq!(line(2), "d: 4 replaced, 2 left for the budget");
    assert_eq!(
        english.text("assistant-form-name"),
        "Name (also {{char}} in prompts)"
    );
}
