//! Lorebook entries: where they land, what makes them fire (keys, secondary logic, whole
//! words, regex literals, per-entry depth, recursion, chance), the budget, and why each fired.

use super::*;

fn entry(
    name: &str,
    trigger: InjectionTrigger,
    position: InjectionPosition,
    priority: i32,
) -> PromptInjection {
    PromptInjection {
        priority,
        ..PromptInjection::new(name, &format!("[{name}]"), trigger, position)
    }
}

fn keys(words: &[&str]) -> InjectionTrigger {
    InjectionTrigger::Keywords {
        words: words.iter().map(|w| (*w).to_owned()).collect(),
        case_sensitive: false,
    }
}

fn keyed(name: &str, words: &[&str]) -> PromptInjection {
    entry(name, keys(words), InjectionPosition::TopOfChat, 0)
}

fn msg(id: &str, role: Role, text: &str) -> MessageNode {
    MessageNode::new(id, "c", role, 0.0).with_text(text)
}

fn chat() -> PromptRequest {
    PromptRequest {
        system: "You are helpful.".into(),
        messages: vec![
            msg("u1", Role::User, "Tell me about the Dragon of Vel."),
            msg("a1", Role::Assistant, "It sleeps under the mountain."),
            msg("u2", Role::User, "And its treasure?"),
        ],
    }
}

fn texts(request: &PromptRequest) -> Vec<String> {
    request.messages.iter().map(|m| m.text()).collect()
}

fn book(entries: Vec<PromptInjection>, budget: u64, depth: usize) -> Lorebook {
    Lorebook {
        entries,
        token_budget: budget,
        scan_depth: depth,
        ..Lorebook::named("", "test")
    }
}

fn lorebook(entries: Vec<PromptInjection>, budget: u64, depth: usize) -> CompiledLorebook {
    CompiledLorebook::compile(&book(entries, budget, depth)).unwrap()
}

fn names(entries: &[PromptInjection]) -> Vec<&str> {
    entries.iter().map(|e| e.name.as_str()).collect()
}

/// The names that fire for `messages`, with their reasons in words.
fn reasons(book: &CompiledLorebook, messages: &[MessageNode]) -> Vec<(String, String)> {
    book.activate(messages, 7)
        .fired
        .into_iter()
        .map(|f| (f.entry.name, describe(&f.why)))
        .collect()
}

/// The reason in English.
fn describe(why: &Why) -> String {
    why.words(
        &crate::i18n::Localizer::english(),
        &crate::i18n::EnglishRules,
    )
}

#[test]
fn entries_land_at_their_positions() {
    use InjectionPosition::*;
    let book = lorebook(
        vec![
            entry("before", InjectionTrigger::Always, BeforeSystemPrompt, 0),
            entry("after", InjectionTrigger::Always, AfterSystemPrompt, 0),
            entry("top", InjectionTrigger::Always, TopOfChat, 0),
            entry(
                "last-user",
                InjectionTrigger::Always,
                BeforeLastUserMessage,
                0,
            ),
            entry("depth1", InjectionTrigger::Always, AtDepth(1), 0),
            entry("depth0", InjectionTrigger::Always, AtDepth(0), 0),
        ],
        1_000,
        10,
    );
    let mut request = chat();
    book.apply(&mut request);
    assert_eq!(request.system, "[before]\n\nYou are helpful.\n\n[after]");
    assert_eq!(
        texts(&request),
        [
            "[top]",
            "Tell me about the Dragon of Vel.",
            "It sleeps under the mountain.",
            "[last-user]",
            "[depth1]",
            "And its treasure?",
            "[depth0]",
        ]
    );
    assert!(request.messages[0].role == Role::System);
}

#[test]
fn sillytavern_positions_and_roles_have_their_place() {
    use InjectionPosition::*;
    let mut as_user = entry("depth-user", InjectionTrigger::Always, AtDepth(1), 0);
    as_user.role = Some(Role::User);
    let mut request = PromptRequest {
        system: "S".into(),
        messages: (0..6)
            .map(|i| msg(&format!("m{i}"), Role::User, &format!("m{i}")))
            .collect(),
    };
    lorebook(
        vec![
            entry("an-top", InjectionTrigger::Always, AuthorsNoteTop, 0),
            entry("an-bottom", InjectionTrigger::Always, AuthorsNoteBottom, 0),
            entry("em-top", InjectionTrigger::Always, ExamplesTop, 0),
            as_user,
        ],
        1_000,
        10,
    )
    .apply(&mut request);
    assert_eq!(request.system, "S\n\n[em-top]");
    assert_eq!(
        texts(&request),
        [
            "m0",
            "m1",
            "[an-top]",
            "[an-bottom]",
            "m2",
            "m3",
            "m4",
            "[depth-user]",
            "m5"
        ]
    );
    assert_eq!(request.messages[7].role, Role::User);
    assert_eq!(request.messages[2].role, Role::System);
}

#[test]
fn triggers_scan_only_recent_messages() {
    let dragon = keyed("dragon", &["dragon"]);
    let treasure = entry(
        "treasure",
        InjectionTrigger::Regex {
            pattern: r"treasure\??$".into(),
        },
        InjectionPosition::TopOfChat,
        0,
    );
    let exact = entry(
        "exact",
        InjectionTrigger::Keywords {
            words: vec!["dragon".into()],
            case_sensitive: true,
        },
        InjectionPosition::TopOfChat,
        0,
    );
    let all = vec![dragon.clone(), treasure.clone(), exact.clone()];
    assert_eq!(
        names(&lorebook(all.clone(), 1_000, 3).fired(&chat().messages)),
        ["dragon", "treasure"],
        "'Dragon' ≠ 'dragon' when case matters"
    );
    assert_eq!(
        names(&lorebook(all.clone(), 1_000, 1).fired(&chat().messages)),
        ["treasure"],
        "the first message is beyond the scan depth"
    );
    // An entry's own depth wins over the book's.
    let mut deep = dragon;
    deep.scan_depth = Some(3);
    assert_eq!(
        names(&lorebook(vec![deep, treasure], 1_000, 1).fired(&chat().messages)),
        ["dragon", "treasure"]
    );
}

#[test]
fn secondary_keys_decide_with_their_logic() {
    let messages = [msg(
        "u",
        Role::User,
        "The thief will steal the Ember Crown at night.",
    )];
    let with = |logic: SecondaryLogic, secondary: &[&str]| {
        let entry = PromptInjection {
            secondary_keys: secondary.iter().map(|s| (*s).to_owned()).collect(),
            logic,
            ..keyed("crown", &["ember crown"])
        };
        let fired = reasons(&lorebook(vec![entry], 1_000, 5), &messages);
        fired.first().map(|(_, why)| why.clone())
    };
    use SecondaryLogic::*;
    assert_eq!(
        with(AndAny, &["steal", "buy"]).unwrap(),
        "“ember crown” in the last message, and “steal”"
    );
    assert_eq!(with(AndAny, &["buy", "sell"]), None);
    assert_eq!(
        with(AndAll, &["steal", "night"]).unwrap(),
        "“ember crown” in the last message, and all of “steal”, “night”"
    );
    assert_eq!(with(AndAll, &["steal", "day"]), None);
    assert_eq!(
        with(NotAny, &["buy", "day"]).unwrap(),
        "“ember crown” in the last message, and none of “buy”, “day”"
    );
    assert_eq!(with(NotAny, &["steal"]), None);
    assert_eq!(
        with(NotAll, &["steal", "day"]).unwrap(),
        "“ember crown” in the last message, not all of “steal”, “day”"
    );
    assert_eq!(with(NotAll, &["steal", "night"]), None);
    // Without secondary keys the primary key decides.
    assert_eq!(
        with(AndAll, &[]).unwrap(),
        "“ember crown” in the last message"
    );
}

#[test]
fn whole_words_and_regex_literals() {
    let messages = [
        msg("u1", Role::User, "Cats and catalogues."),
        msg("u2", Role::User, "We climbed MOUNTAIN Ashen."),
    ];
    let cat = PromptInjection {
        whole_words: true,
        ..keyed("cat", &["cat"])
    };
    let cats = PromptInjection {
        whole_words: true,
        ..keyed("cats", &["cats"])
    };
    let mountain = keyed("mountain", &["/mount(ain)? ashen/i"]);
    let fired = reasons(&lorebook(vec![cat, cats, mountain], 1_000, 5), &messages);
    assert_eq!(
        fired,
        [
            (
                "cats".to_owned(),
                "“cats” in the message before the last".to_owned()
            ),
            (
                "mountain".to_owned(),
                "“/mount(ain)? ashen/i” in the last message".to_owned()
            ),
        ]
    );
    assert_eq!(regex_literal("/a/gi").as_deref(), Some("(?i:a)"));
    assert_eq!(regex_literal("/a/"), Some("(?:a)".to_owned()));
    assert_eq!(regex_literal("/a/x"), None, "not a flag: a word");
    assert_eq!(regex_literal("a/b"), None);
    // A broken pattern names its entry.
    let broken = keyed("broken", &["/(/"]);
    let err = CompiledLorebook::compile(&book(vec![broken], 10, 1)).unwrap_err();
    assert!(err.to_string().contains("broken"), "{err}");
}

#[test]
fn recursion_follows_entries_within_its_limits() {
    let messages = [msg("u", Role::User, "Tell me of the dragon.")];
    let dragon = PromptInjection {
        content: "The dragon guards the Ember Crown.".into(),
        ..keyed("dragon", &["dragon"])
    };
    let crown = PromptInjection {
        content: "The crown burns whoever takes it; embers fall from it.".into(),
        ..keyed("crown", &["ember crown"])
    };
    let embers = PromptInjection {
        content: "Embers never cool.".into(),
        ..keyed("embers", &["embers"])
    };
    let shy = PromptInjection {
        exclude_recursion: true,
        ..keyed("shy", &["guards"])
    };
    let entries = vec![dragon.clone(), crown.clone(), embers.clone(), shy];
    let mut recursive = book(entries.clone(), 1_000, 2);
    recursive.recursive = true;
    let fired = reasons(&CompiledLorebook::compile(&recursive).unwrap(), &messages);
    assert_eq!(
        fired,
        [
            (
                "dragon".to_owned(),
                "“dragon” in the last message".to_owned()
            ),
            (
                "crown".to_owned(),
                "“ember crown” in the entry “dragon” (recursion)".to_owned()
            ),
            (
                "embers".to_owned(),
                "“embers” in the entry “crown” (recursion)".to_owned()
            ),
        ]
    );
    // Without recursion only the message's key fires.
    assert_eq!(
        names(&lorebook(entries, 1_000, 2).fired(&messages)),
        ["dragon"]
    );
    // An entry that prevents recursion finds nothing further.
    let quiet_crown = PromptInjection {
        prevent_recursion: true,
        ..crown
    };
    let mut stopped = book(vec![dragon, quiet_crown, embers], 1_000, 2);
    stopped.recursive = true;
    assert_eq!(
        names(
            &CompiledLorebook::compile(&stopped)
                .unwrap()
                .fired(&messages)
        ),
        ["dragon", "crown"]
    );
}

#[test]
fn chance_rolls_the_same_for_the_same_request() {
    let messages = [msg("u", Role::User, "ghost")];
    let sometimes = |probability: u8| PromptInjection {
        probability,
        ..keyed("ghost", &["ghost"])
    };
    let never = lorebook(vec![sometimes(0)], 1_000, 2).activate(&messages, 1);
    assert!(never.fired.is_empty());
    assert!(matches!(never.skipped[0].1, Skipped::Chance(_, 0)));
    assert_eq!(
        lorebook(vec![sometimes(100)], 1_000, 2)
            .activate(&messages, 1)
            .fired
            .len(),
        1
    );
    // Half the time, over many requests; the same seed always decides the same.
    let half = lorebook(vec![sometimes(50)], 1_000, 2);
    let fired = (0..1_000)
        .filter(|seed| !half.activate(&messages, *seed).fired.is_empty())
        .count();
    assert!((400..600).contains(&fired), "{fired} of 1000");
    for seed in 0..50 {
        assert_eq!(
            half.activate(&messages, seed),
            half.activate(&messages, seed)
        );
    }
}

#[test]
fn priority_decides_what_fits_the_budget_and_order_where_it_goes() {
    let mut big = entry(
        "big",
        InjectionTrigger::Always,
        InjectionPosition::TopOfChat,
        1,
    );
    big.content = "lore ".repeat(50);
    let small = entry(
        "small",
        InjectionTrigger::Always,
        InjectionPosition::TopOfChat,
        5,
    );
    let activation = lorebook(vec![big, small], 20, 10).activate(&chat().messages, 0);
    assert_eq!(
        activation
            .fired
            .iter()
            .map(|f| f.entry.name.as_str())
            .collect::<Vec<_>>(),
        ["small"]
    );
    assert_eq!(activation.skipped, [("big".to_owned(), Skipped::Budget)]);
    // Insertion order, not priority, places the fired entries.
    let first = PromptInjection {
        order: 1,
        ..entry(
            "first",
            InjectionTrigger::Always,
            InjectionPosition::TopOfChat,
            0,
        )
    };
    let second = PromptInjection {
        order: 2,
        ..entry(
            "second",
            InjectionTrigger::Always,
            InjectionPosition::TopOfChat,
            9,
        )
    };
    let mut request = chat();
    lorebook(vec![second, first], 1_000, 10).apply(&mut request);
    assert_eq!(texts(&request)[..2], ["[first]", "[second]"]);
}

#[test]
fn disabled_entries_never_fire_and_constants_say_so() {
    let off = PromptInjection {
        enabled: false,
        ..entry(
            "off",
            InjectionTrigger::Always,
            InjectionPosition::TopOfChat,
            0,
        )
    };
    let on = entry(
        "on",
        InjectionTrigger::Always,
        InjectionPosition::TopOfChat,
        0,
    );
    assert_eq!(
        reasons(&lorebook(vec![off, on], 1_000, 1), &chat().messages),
        [("on".to_owned(), "always on".to_owned())]
    );
}

#[test]
fn a_bad_trigger_pattern_is_an_error() {
    let bad = entry(
        "broken",
        InjectionTrigger::Regex {
            pattern: "(".into(),
        },
        InjectionPosition::TopOfChat,
        0,
    );
    assert!(CompiledLorebook::compile(&book(vec![bad], 10, 1)).is_err());
}

#[test]
fn stored_entries_from_before_the_new_fields_read_with_their_defaults() {
    let stored = r#"{"name":"n","content":"c","trigger":{"kind":"always"},"position":{"at":"top_of_chat"},"priority":2}"#;
    let entry: PromptInjection = serde_json::from_str(stored).unwrap();
    assert!(entry.enabled);
    assert_eq!(entry.probability, 100);
    assert_eq!(entry.priority, 2);
    let book: Lorebook =
        serde_json::from_str(r#"{"entries":[],"token_budget":5,"scan_depth":1}"#).unwrap();
    assert!(!book.recursive);
}

#[test]
fn a_reason_counts_messages_from_the_end() {
    let why = |back: usize| Why::Key {
        key: "k".into(),
        found_in: FoundIn::Message(back),
        secondary: None,
    };
    assert_eq!(describe(&why(0)), "“k” in the last message");
    assert_eq!(describe(&why(1)), "“k” in the message before the last");
    assert_eq!(describe(&why(4)), "“k” in message 5 from the end");
}
