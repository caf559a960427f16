//! The anti-fabrication gate (seed 004): when no tool ran in a turn, a reply that claims in the
//! assistant's own voice that it did something in the user's world ("I've sent the email to your
//! boss", "Your table is booked", "已为您预订", "تم حجز طاولتك") cannot be true.
//!
//! What counts as a claim, precision first (a false correction on a good answer costs more trust
//! than a missed one):
//! - first person, past or perfect ("I sent", "I've booked", "我已经发了", "لقد أرسلت"), or a
//!   passive done to something of the user's ("your meeting has been scheduled", "提醒已设置",
//!   "تم إرسال");
//! - with an object from the user's world (an email, a reminder, a booking, money, a folder on
//!   their computer) or, for verbs that only ever act on the world ("paid", "forwarded"), the
//!   user ("for you", "your boss"). "I sent the raven to Winterfell" and "I booked passage on the
//!   next ship" have neither;
//! - not about text or code in the conversation ("I ordered the list alphabetically", "I removed
//!   the unused import"), not negated, conditional, future or an example, not a question;
//! - not in quotes, code, a block quote or a role-play action (`text::own_voice`), and not at all
//!   when the user asked for a story or role-play (`text::asks_for_fiction`): then the first
//!   person is a character's.

use super::text::{
    asks_for_fiction, ends_as_question, folded, own_voice, reads_as_role_play, regex, sentences,
};
use regex_lite::Regex;
use std::sync::OnceLock;

/// An action the reply claims was done.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClaimedAction {
    /// The claim as written, e.g. "I've sent the email".
    pub phrase: String,
}

const EN_I: &str = r"(?:\bi(?:'ve|'d|\s+have|\s+had)?\s+|^\s*(?:just|already)\s+)(?:(?:just|now|already|successfully|also|then|quickly|finally|gone\s+ahead\s+and|went\s+ahead\s+and)\s+)*";

/// Things in the user's world, or places on their devices.
const EN_WORLD: &str = r"\b(?:e-?mails?|mails?|messages?|texts?|sms|invit(?:e|es|ation|ations)|reminders?|alarms?|timers?|meetings?|appointments?|events?|calendar|inbox|orders?|payments?|money|funds|invoices?|bookings?|reservations?|tickets?|table\s+for|flights?|hotels?|rooms?|seats?|taxi|cab|ride|uber|packages?|parcels?|deliver(?:y|ies)|subscriptions?|accounts?|tweets?|voicemails?|contacts?|rent|bills?|refund|complaint|application|(?:to|in|on|into|from)\s+your\s+(?:[\w-]+\s+)?(?:folder|desktop|drive|documents|downloads|computer|phone|device|calendar|inbox|account|cart|drafts)|(?:to|on|in)\s+(?:google\s+drive|dropbox|onedrive|icloud))|[$€£]\s?\d";

/// Text and code in the conversation: an edit to these is no action in the world.
const EN_TEXT: &str = r"\b(?:code|function|method|class|variable|imports?|loop|tests?|comments?|lines?|paragraphs?|sentences?|sections?|list|lists|columns?|rows?|items?|essay|drafts?|examples?|snippet|outline|headings?|titles?|bullets?|steps?|words?|answer|response|summary|plan|version|query|regex|css|html|style|docstring|types?|fields?|parameters?|arguments?|error\s+handling|logging|script|readme|above|below|here|recipe|story|poem|translation|array|object|struct|enum|markdown|json|yaml|config|alphabetically|chronologically|numerically|by\s+(?:date|size|name|priority))\b";

/// Verbs that act on the world whatever their object names, when the object is the user or
/// theirs.
const EN_ONLY_WORLD: &str = r"sent|forwarded|booked|reserved|paid|transferred|wired|posted|published|uploaded|submitted|unsubscribed|subscribed|signed\s+you\s+up|registered|placed|confirmed|cancell?ed|canceled|rescheduled|scheduled";

/// Verbs that are an action only with an object from the world.
const EN_WITH_OBJECT: &str =
    r"set\s+up|set|created|added|saved|deleted|removed|moved|archived|made|put|filed|updated";

fn en_claim() -> Option<&'static Regex> {
    static CELL: OnceLock<Option<Regex>> = OnceLock::new();
    regex(&CELL, || {
        format!(
            r"(?i){EN_I}(?P<verb>{EN_ONLY_WORLD}|{EN_WITH_OBJECT}|ordered|purchased|bought|emailed|e-mailed|texted|phoned|messaged|notified|contacted|tweeted|faxed|dm'?ed|let\s+(?:[a-z]+|your\s+\w+|the\s+\w+)\s+know|invited|(?:called|rang)\s+(?-i:[A-Z])\w+|(?:called|rang)\s+(?:your|the\s+(?:clinic|restaurant|hotel|office|bank|doctor|dentist|store|shop|airline|landlord|company|support|pharmacy|school|vet|police|plumber))|(?:ran|executed|tested|compiled)\s+(?:the|this|your|it|that)?\s*(?:code|script|program|command|query|tests?|snippet|function)|(?:searched|looked\s+up|browsed|checked|googled)\s+(?:the\s+web|online|the\s+internet|google|your\s+(?:calendar|inbox|email|files|account)|the\s+(?:latest|current)\s+\w+|for\s+(?:the\s+)?(?:latest|current|recent)))\b(?P<rest>[^,;()]{{0,80}})"
        )
    })
}

fn en_passive() -> Option<&'static Regex> {
    static CELL: OnceLock<Option<Regex>> = OnceLock::new();
    regex(&CELL, || {
        format!(
            r"(?i)\b(?:(?:your|the)\s+(?:[\w-]+\s+){{0,3}}?(?:{EN_WORLD_BARE})\s+(?:for\s+[\w\s]{{1,20}}?\s+)?(?:has|have|is|are)\s+(?:now\s+|all\s+)?(?:(?P<state>live|running|on\s+(?:its|the)\s+way|confirmed|all\s+set|in\s+place)\b|been\s+)?|(?:it|they|this|that|everything)\s+(?:has|have)\s+(?:now\s+)?been\s+)(?:successfully\s+)?(?P<verb>sent|booked|scheduled|reserved|confirmed|ordered|paid|placed|submitted|cancell?ed|canceled|set|set\s+up|created|added|saved|deleted|posted|published|transferred|forwarded|emailed)\b"
        )
    })
}

/// Something of the user's in a state only an action could have put it in ("your timer is
/// running", "your tweet is live").
fn en_state() -> Option<&'static Regex> {
    static CELL: OnceLock<Option<Regex>> = OnceLock::new();
    regex(&CELL, || {
        format!(
            r"(?i)\byour\s+(?:[\w-]+\s+){{0,3}}?(?:{EN_WORLD_BARE})(?:\s+[\w-]+){{0,4}}?\s+(?:is|are)\s+(?:now\s+)?(?:live|running|on\s+(?:its|the)\s+way|confirmed|all\s+set|in\s+place|booked|scheduled|reserved|paid)\b"
        )
    })
}

/// [`EN_WORLD`]'s nouns alone, as the subject of a passive.
const EN_WORLD_BARE: &str = r"photos?|videos?|listing|review|e-?mails?|messages?|texts?|invit(?:e|es|ation|ations)|reminders?|alarms?|timers?|meetings?|appointments?|events?|orders?|payments?|money|transfer|invoices?|bookings?|reservations?|tickets?|table|flights?|hotel|room|seats?|taxi|cab|ride|packages?|parcel|subscriptions?|accounts?|post|tweet|rent|bills?|refund|complaint|application";

fn en_world() -> Option<&'static Regex> {
    static CELL: OnceLock<Option<Regex>> = OnceLock::new();
    regex(&CELL, || format!("(?i){EN_WORLD}"))
}

fn en_text() -> Option<&'static Regex> {
    static CELL: OnceLock<Option<Regex>> = OnceLock::new();
    regex(&CELL, || format!("(?i){EN_TEXT}"))
}

fn en_user() -> Option<&'static Regex> {
    static CELL: OnceLock<Option<Regex>> = OnceLock::new();
    regex(&CELL, || r"(?i)\b(?:you|your|yours)\b".to_owned())
}

fn en_with_object() -> Option<&'static Regex> {
    static CELL: OnceLock<Option<Regex>> = OnceLock::new();
    regex(&CELL, || format!("(?i)^(?:{EN_WITH_OBJECT})$"))
}

fn en_only_world() -> Option<&'static Regex> {
    static CELL: OnceLock<Option<Regex>> = OnceLock::new();
    regex(&CELL, || format!("(?i)^(?:{EN_ONLY_WORLD})$"))
}

/// Words that, earlier in the same sentence, make a claim hypothetical, negated or future.
const EN_NOT_A_CLAIM: [&str; 27] = [
    "n't",
    " not ",
    "never",
    "cannot",
    "unable",
    " if ",
    " once ",
    " when ",
    "after you",
    " before ",
    "would",
    "could",
    "should",
    " can ",
    " will ",
    "'ll ",
    "going to",
    "let me know",
    "might",
    "pretend",
    "imagine",
    "example",
    "e.g.",
    "suppose",
    "as if",
    "like this",
    " say ",
];

/// How much a verb claims by itself.
enum Verb {
    /// Bought something: an action unless it sorted text ("ordered the list").
    Purchase,
    /// Sent, booked, paid…: an action with an object from the world or the user's.
    OnlyWorld,
    /// Set, added, saved…: an action only with an object from the world.
    WithObject,
    /// Emailed, called your landlord: the verb says it all, unless it was about a text.
    Says,
    /// Ran the code, searched the web: what follows is what it found.
    Checked,
}

impl Verb {
    fn of(lower: &str) -> Self {
        if ["ordered", "purchased", "bought"].contains(&lower) {
            Self::Purchase
        } else if en_only_world().is_some_and(|p| p.is_match(lower)) {
            Self::OnlyWorld
        } else if en_with_object().is_some_and(|p| p.is_match(lower)) {
            Self::WithObject
        } else if [
            "ran", "executed", "tested", "compiled", "searched", "looked", "browsed",
        ]
        .iter()
        .chain(&["checked", "googled"])
        .any(|v| lower.starts_with(v))
        {
            Self::Checked
        } else {
            Self::Says
        }
    }
}

/// A word every English claim holds (the verbs of [`en_claim`], [`en_passive`] and [`en_state`],
/// or the "your" of the last), lower case: a sentence with none of them is not read by the
/// patterns, whose engine (`regex_lite`, small in the bundle) tries every position of a long
/// answer otherwise. The patterns ignore case in ASCII only, so lower-casing ASCII is enough.
const EN_CLAIM_WORDS: [&str; 56] = [
    "your",
    "sent",
    "forwarded",
    "booked",
    "reserved",
    "paid",
    "transferred",
    "wired",
    "posted",
    "published",
    "uploaded",
    "submitted",
    "subscribed",
    "signed",
    "registered",
    "placed",
    "confirmed",
    "cancel",
    "scheduled",
    "set",
    "created",
    "added",
    "saved",
    "deleted",
    "removed",
    "moved",
    "archived",
    "made",
    "put",
    "filed",
    "updated",
    "ordered",
    "purchased",
    "bought",
    "mailed",
    "texted",
    "phoned",
    "messaged",
    "notified",
    "contacted",
    "tweeted",
    "faxed",
    "dm",
    "let",
    "invited",
    "called",
    "rang",
    "ran",
    "executed",
    "tested",
    "compiled",
    "searched",
    "looked",
    "browsed",
    "checked",
    "googled",
];

fn english(sentence: &str) -> Option<ClaimedAction> {
    let lower = sentence.to_ascii_lowercase();
    if !EN_CLAIM_WORDS.iter().any(|word| lower.contains(word)) {
        return None;
    }
    if let Some(found) = en_passive()?
        .captures(sentence)
        .or_else(|| en_state()?.captures(sentence))
    {
        let whole = found.get(0)?;
        if !negated(&sentence[..whole.start()], &EN_NOT_A_CLAIM) {
            return Some(claim(whole.as_str()));
        }
    }
    for found in en_claim()?.captures_iter(sentence) {
        let (whole, verb) = (found.get(0)?, found.name("verb")?.as_str());
        let rest = found.name("rest").map_or("", |m| m.as_str());
        if negated(&sentence[..whole.start()], &EN_NOT_A_CLAIM) {
            continue;
        }
        let lower = verb.to_lowercase();
        let text = en_text()?.is_match(rest);
        let counts = match Verb::of(&lower) {
            Verb::Purchase | Verb::Says => !text,
            Verb::Checked => true,
            Verb::OnlyWorld => (en_world()?.is_match(rest) || en_user()?.is_match(rest)) && !text,
            Verb::WithObject => en_world()?.is_match(rest) && !text,
        };
        if counts {
            let phrase = found
                .name("rest")
                .map_or(whole.as_str(), |r| &sentence[whole.start()..r.start()]);
            return Some(claim(phrase));
        }
    }
    None
}

fn claim(phrase: &str) -> ClaimedAction {
    ClaimedAction {
        phrase: phrase.trim().to_owned(),
    }
}

fn negated(before: &str, words: &[&str]) -> bool {
    let before = format!(" {} ", before.to_lowercase());
    words.iter().any(|word| before.contains(word))
}

// ---------------------------------------------------------------------------------------------
// Chinese

const ZH_VERBS: &str = r"发送|发出|发|寄出|寄|转发|预订|预定|订购|订|购买|买|下单|支付|付款|付|转账|转|安排|预约|设置|设定|设|创建|添加|加|取消|删除|提交|发布|打过电话|打了电话|打电话|联系|通知|约";

fn zh_claim() -> Option<&'static Regex> {
    static CELL: OnceLock<Option<Regex>> = OnceLock::new();
    regex(&CELL, || {
        format!(
            r"(?:(?:已经|已)(?:成功)?(?:为你|为您|帮你|帮您|给你|给您|替你|替您)?(?:(?:把|将|给|跟|和|向).{{1,24}}?)?(?:成功)?(?P<verb1>{ZH_VERBS})|(?P<verb2>{ZH_VERBS})(?:了|好了|好|完|成功))"
        )
    })
}

fn zh_world() -> Option<&'static Regex> {
    static CELL: OnceLock<Option<Regex>> = OnceLock::new();
    regex(&CELL, || {
        r"邮件|短信|消息|微信|信息给|提醒|闹钟|会议|日程|日历|订单|机票|酒店|房间|餐厅|座位|桌|车票|门票|电影票|外卖|快递|款|钱|元|块|账单|房租|文件夹|朋友圈|微博|包裹|挂号|位子|高铁|动车|火车|航班|门诊|网盘|云盘|硬盘|相册|邮箱|收件箱".to_owned()
    })
}

fn zh_text() -> Option<&'static Regex> {
    static CELL: OnceLock<Option<Regex>> = OnceLock::new();
    regex(&CELL, || {
        r"代码|函数|变量|导入|列表|段落|句子|表格|示例|例子|草稿|下面|上面|如下|以下|注释|标题|格式|文本|文章|计划|步骤|行程|攻略|清单".to_owned()
    })
}

const ZH_STRONG: &str = "发送|发出|寄|转发|预订|预定|订购|购买|下单|支付|付款|转账|取消";

/// Calls and messages to someone: an action whoever it was.
const ZH_SAYS: &str = "打电话|打过电话|打了电话|联系|通知";

const ZH_NOT_A_CLAIM: [&str; 18] = [
    "不", "没", "未", "无法", "可以", "能", "会", "将", "要", "如果", "假如", "想", "打算", "准备",
    "需要", "应该", "请", "吗",
];

/// Whether `before` holds one of [`ZH_NOT_A_CLAIM`] as a word of its own: "会" (will) but not
/// "会议" (a meeting), "能" but not "功能" or "可能".
fn zh_negated(before: &str) -> bool {
    let cleared = before
        .replace("会议", "")
        .replace("开会", "")
        .replace("重要", "")
        .replace("功能", "")
        .replace("可能", "");
    ZH_NOT_A_CLAIM.iter().any(|w| cleared.contains(w))
}

fn chinese(sentence: &str) -> Option<ClaimedAction> {
    for found in zh_claim()?.captures_iter(sentence) {
        let whole = found.get(0)?;
        let verb_at = found.name("verb1").or(found.name("verb2"))?;
        let verb = verb_at.as_str();
        // "没问题" (no problem) and "好的" open a claim as often as anything.
        let before = sentence[..whole.start()]
            .replace("没问题", "")
            .replace("没事", "");
        let before = before.as_str();
        if zh_negated(before) {
            continue;
        }
        // The subject is the assistant (or no one, as Chinese allows), not a third person.
        if ["他", "她", "它", "他们", "国王", "骑士"]
            .iter()
            .any(|w| before.contains(w))
        {
            continue;
        }
        // The object is looked for outside the verb ("预约" is both).
        let rest = format!(
            "{} {}",
            &sentence[..verb_at.start()],
            &sentence[verb_at.end()..]
        );
        let world = zh_world()?.is_match(&rest);
        let user = sentence.contains('你') || sentence.contains('您');
        let strong = ZH_STRONG.split('|').any(|v| v == verb);
        let says = ZH_SAYS.split('|').any(|v| v == verb);
        if (world || says || (user && strong)) && !zh_text()?.is_match(sentence) {
            return Some(claim(sentence));
        }
    }
    None
}

// ---------------------------------------------------------------------------------------------
// Arabic (read folded: see `text::fold`)

fn ar_claim() -> Option<&'static Regex> {
    static CELL: OnceLock<Option<Regex>> = OnceLock::new();
    regex(&CELL, || {
        r"(?:^|\s)[وف]?(?:لقد\s+|قد\s+)?(?P<verb>ارسلت|بعثت|حجزت|طلبت|اشتريت|دفعت|حولت|جدولت|ضبطت|اضفت|انشات|حذفت|الغيت|نشرت|اتصلت|راسلت|ابلغت|اكدت|سجلت|قمت\s+ب\S+|تم\s+(?:بنجاح\s+)?(?:ارسال|حجز|طلب|شراء|دفع|تحويل|جدوله|ضبط|اضافه|انشاء|حذف|الغاء|نشر|تاكيد|تسجيل|تعيين))(?:\s|$)".to_owned()
    })
}

fn ar_world() -> Option<&'static Regex> {
    static CELL: OnceLock<Option<Regex>> = OnceLock::new();
    regex(&CELL, || {
        r"بريد|رسال[هت]|رسائل|ايميل|تذكير|منبه|موعد|اجتماع|طاول[هت]|رحل[هت]|تذكر[هت]|تذاكر|غرف[هت]|فندق|طلبك|دفع[هت]|مبلغ|فاتور[هت]|تقويم|حجز|مقعد|طيران|دولار|ريال|درهم|جنيه|يورو|دينار|حساب|ايجار|تغريده|منشور".to_owned()
    })
}

fn ar_text() -> Option<&'static Regex> {
    static CELL: OnceLock<Option<Regex>> = OnceLock::new();
    regex(&CELL, || {
        r"كود|داله|الدال|متغير|استيراد|القائمه|فقره|جمله|مثال|مسوده|ادناه|اعلاه|النص\s|الشيفره|تعليق|عنوان|الجدول".to_owned()
    })
}

const AR_STRONG: [&str; 9] = [
    "ارسلت",
    "بعثت",
    "حجزت",
    "اشتريت",
    "دفعت",
    "حولت",
    "اتصلت",
    "راسلت",
    "طلبت",
];

const AR_NOT_A_CLAIM: [&str; 14] = [
    "لم ",
    "لن ",
    "لا ",
    "ليس",
    "لست",
    "يمكنني",
    "استطيع",
    "اقدر",
    "سوف",
    "اذا",
    "لو ",
    "هل ",
    "عندما",
    "بعد ان",
];

fn arabic(sentence: &str) -> Option<ClaimedAction> {
    let found = ar_claim()?.captures(sentence)?;
    let (whole, verb) = (found.get(0)?, found.name("verb")?.as_str());
    if negated(&sentence[..whole.start()], &AR_NOT_A_CLAIM) {
        return None;
    }
    let rest = format!(
        "{} {}",
        &sentence[..whole.start()],
        &sentence[whole.end()..]
    );
    let world = ar_world()?.is_match(&rest);
    let user = ["لك", "اليك", "عنك", "بالنيابه", "لحضرتك"]
        .iter()
        .any(|w| sentence.split_whitespace().any(|word| word == *w));
    let strong = AR_STRONG.contains(&verb);
    ((world || (user && strong)) && !ar_text()?.is_match(sentence)).then(|| claim(sentence))
}

/// The first action the reply claims to have done in the user's world, if any (to be used only
/// when no tool ran in the turn). `request` is the user's message the reply answers: a request
/// for fiction or role-play makes the reply's first person a character's.
pub fn fabricated_action(reply: &str, request: &str) -> Option<ClaimedAction> {
    if asks_for_fiction(request) || reads_as_role_play(reply) {
        return None;
    }
    // `own_voice` keeps every offset of `reply`; `folded` says where each folded byte came from.
    let (voice, origin) = folded(&own_voice(reply));
    let original = |part: &str| {
        let at = part.as_ptr() as usize - voice.as_ptr() as usize;
        reply
            .get(origin[at]..origin[at + part.len()])
            .unwrap_or(part)
            .trim()
            .to_owned()
    };
    let mut offset = 0;
    for sentence in sentences(&voice) {
        let start = voice[offset..]
            .find(sentence)
            .map_or(offset, |i| offset + i);
        offset = start + sentence.len();
        if ends_as_question(&voice, offset) {
            continue;
        }
        // The Chinese and Arabic patterns need their own scripts.
        let found = english(sentence).or_else(|| {
            (!sentence.is_ascii())
                .then(|| chinese(sentence).or_else(|| arabic(sentence)))
                .flatten()
        });
        if let Some(claim) = found {
            // Quoted as written (Arabic's spelling variants and marks, curly apostrophes).
            let phrase = sentence
                .find(claim.phrase.as_str())
                .map(|at| original(&sentence[at..at + claim.phrase.len()]))
                .unwrap_or(claim.phrase);
            return Some(ClaimedAction { phrase });
        }
    }
    None
}

#[cfg(test)]
pub(super) fn all_compile() -> bool {
    en_claim().is_some()
        && en_passive().is_some()
        && en_state().is_some()
        && en_world().is_some()
        && en_text().is_some()
        && en_user().is_some()
        && en_only_world().is_some()
        && en_with_object().is_some()
        && zh_claim().is_some()
        && zh_world().is_some()
        && zh_text().is_some()
        && ar_claim().is_some()
        && ar_world().is_some()
        && ar_text().is_some()
}
