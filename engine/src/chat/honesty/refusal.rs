//! The honest-refusal short-circuit (seed 004): a request that unambiguously asks Skein to act
//! in the user's world *now* — send a message, call someone, set a reminder, book, buy,
//! schedule, pay, post — when none of the request's tools could do it, is answered without the
//! model, saying what was recognised and that it cannot be done here.
//!
//! Precision first: a wrong refusal blocks a user who asked for something ordinary, a missed
//! one only lets the model answer (and the anti-fabrication gate still watches its reply). So
//! the rules read only the first line, only an imperative that *starts* it (after "please",
//! "can you"…), only with an object from the world ("a table", "my landlord", a time), and never
//! when the message is a question ("Remind me what a monad is"), asks for a draft ("Text my
//! friend a birthday message — write three options"), is about code ("Set a timer in
//! JavaScript…"), or is role-play. The corpus in `tests/fixtures/honesty/corpus.json` measures
//! them (`corpus_tests.rs`; the figures are in `BENCHMARKS.md`).

use super::text::{fold, regex, script_of, Script};
use regex_lite::Regex;
use std::sync::OnceLock;

/// The family of action a request asked for; it decides which tools could do it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Remind,
    Alarm,
    Message,
    Call,
    Book,
    Order,
    Schedule,
    Pay,
    Post,
}

impl Action {
    /// What was recognised, in the words of the honest answer.
    fn words(self, script: Script) -> &'static str {
        use Action::*;
        match script {
            Script::Latin => match self {
                Remind => "remind you",
                Alarm => "set an alarm or a timer",
                Message => "send a message",
                Call => "call someone",
                Book => "make a booking",
                Order => "order or buy something",
                Schedule => "put something in a calendar",
                Pay => "make a payment",
                Post => "post something online",
            },
            Script::Han => match self {
                Remind => "提醒你",
                Alarm => "设置闹钟或计时器",
                Message => "发送消息",
                Call => "打电话",
                Book => "预订",
                Order => "下单购买",
                Schedule => "安排日程",
                Pay => "付款或转账",
                Post => "在网上发布内容",
            },
            Script::Arabic => match self {
                Remind => "تذكيرك",
                Alarm => "ضبط منبه أو مؤقت",
                Message => "إرسال رسالة",
                Call => "الاتصال بأحد",
                Book => "إجراء حجز",
                Order => "طلب شيء أو شرائه",
                Schedule => "إضافة موعد إلى التقويم",
                Pay => "إجراء دفعة",
                Post => "نشر شيء على الإنترنت",
            },
        }
    }

    /// Words by which a tool shows, in its name or description, that it can do this.
    fn capability_words(self) -> &'static [&'static str] {
        use Action::*;
        match self {
            Remind | Alarm => &["remind", "alarm", "timer", "notif", "schedul"],
            Message => &[
                "email",
                "e-mail",
                "mail",
                "sms",
                "text message",
                "messag",
                "whatsapp",
                "slack",
                "telegram",
            ],
            Call => &["call", "phone", "dial"],
            Book => &["book", "reserv"],
            Order => &["order", "purchas", "buy", "shop", "checkout", "cart"],
            Schedule => &["schedul", "calendar", "event", "meeting"],
            Pay => &["pay", "transfer", "wallet", "bank"],
            Post => &["post", "publish", "tweet", "social"],
        }
    }
}

/// A request the gate recognised as an action.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Recognised {
    pub action: Action,
    /// The script of the request, so the answer is in the user's language.
    pub script: Script,
}

/// The action `user_text` asks Skein to do now, if it unambiguously asks for one.
pub fn recognise(user_text: &str) -> Option<Recognised> {
    let whole = fold(user_text).to_lowercase();
    let first = whole.lines().find(|l| !l.trim().is_empty())?.trim();
    let script = script_of(first);
    let action = match script {
        Script::Latin => english(first, &whole),
        Script::Han => chinese(first, &whole),
        Script::Arabic => arabic(first, &whole),
    }?;
    Some(Recognised { action, script })
}

/// Seed 004's short-circuit decided from the tools this request really offers (name and
/// description of each): the honest answer when the request asks for an action none of them
/// can do.
pub fn honest_refusal(user_text: &str, tools: &[(&str, &str)]) -> Option<String> {
    let found = recognise(user_text)?;
    let words = found.action.capability_words();
    let capable = tools.iter().any(|(name, description)| {
        let about = format!("{name} {description}").to_lowercase();
        words.iter().any(|word| about.contains(word))
    });
    (!capable).then(|| answer(found, tools))
}

fn answer(found: Recognised, tools: &[(&str, &str)]) -> String {
    let names: Vec<&str> = tools.iter().map(|(name, _)| *name).collect();
    let action = found.action.words(found.script);
    match found.script {
        Script::Latin => {
            let here = if names.is_empty() {
                "no tool is enabled for this chat".to_owned()
            } else {
                format!(
                    "none of the tools enabled here ({}) can do it",
                    names.join(", ")
                )
            };
            format!(
                "You asked me to {action}, but I can't do that here: {here}, and I won't \
                 pretend it was done. I can help you draft it, or explain how to do it yourself."
            )
        }
        Script::Han => {
            let here = if names.is_empty() {
                "这个对话没有启用任何工具".to_owned()
            } else {
                format!("这里启用的工具（{}）都做不到", names.join("、"))
            };
            format!(
                "你让我{action}，但我在这里做不到：{here}。我不会假装已经做了。我可以帮你起草内容，或者说明你自己怎么做。"
            )
        }
        Script::Arabic => {
            let here = if names.is_empty() {
                "لا توجد أداة مفعّلة في هذه المحادثة".to_owned()
            } else {
                format!(
                    "لا تستطيع أي من الأدوات المفعّلة هنا ({}) فعل ذلك",
                    names.join("، ")
                )
            };
            format!(
                "طلبت مني {action}، لكنني لا أستطيع ذلك هنا: {here}، ولن أتظاهر بأنه تم. يمكنني مساعدتك في صياغته، أو شرح كيف تفعله بنفسك."
            )
        }
    }
}

// ---------------------------------------------------------------------------------------------
// English

/// Politeness and framing before the imperative: "please", "hey Skein,", "can you", "I need
/// you to", "go ahead and".
const EN_LEAD: &str = r"^(?:(?:please|pls|hey|hi|ok|okay|so|now|quick(?:ly)?|skein|yo)[,!:]?\s+|(?:can|could|would|will)\s+you\s+(?:please\s+)?|i\s+(?:need|want|would like)\s+you\s+to\s+|go\s+ahead\s+and\s+|just\s+)*";

/// A time or date that makes "remind me" a reminder, not "remind me what X is".
const EN_WHEN: &str = r"\b(?:at\s+\d{1,2}(?::\d\d)?|\d{1,2}(?::\d\d)?\s*(?:am|pm|a\.m|p\.m|o'clock)|in\s+(?:\d+|an?|one|two|three|four|five|ten|fifteen|twenty|thirty|forty|half\s+an)\s+(?:min|mins|minutes?|hours?|hrs?|days?|weeks?|months?)|tomorrow|tonight|today|this\s+(?:morning|afternoon|evening|weekend)|next\s+(?:week|month|year|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|on\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|every\s+(?:day|morning|evening|night|week|monday|tuesday|wednesday|thursday|friday|saturday|sunday|\d+)|noon|midnight|before\s+(?:bed|work|lunch|dinner))\b";

const EN_PERSON: &str = r"(?:my\s+[a-z]+|(?:mom|mum|mother|dad|father|him|her|them|grandma|grandpa)\b|the\s+(?:doctor|dentist|clinic|vet|restaurant|hotel|bank|office|landlord|school|plumber|hospital|pharmacy|airline|police|shop|store|salon)|the\s+(?:group(?:\s+chat)?|team|class|family|chat)|\d{3}|[\w.+-]+@[\w-]+\.[\w.]+|(?:the\s+)?(?:[a-z]+\s+){1,2}?(?:that\s+(?:i|i'm|i'll|i've|we|we're|we'll|he|she|they|it|it's|the|my|our|your|you|there|this|dinner|everyone)\b|to\s+say|saying|and\s+(?:say|tell|ask)))";

fn en_action() -> Option<&'static Regex> {
    static CELL: OnceLock<Option<Regex>> = OnceLock::new();
    regex(&CELL, || {
        format!(
            r"{EN_LEAD}(?:(?P<remind>remind\s+me\s+to\s+[a-z]|wake\s+me\s+up\b)|(?P<alarm>(?:set|start|put\s+on|create|make)\s+(?:up\s+)?(?:me\s+)?(?:an?|my|the|one|\d+[-\s]?(?:minute|min|hour|second)s?)\s+(?:\w+[-\s])?(?:reminder|alarm|timer|countdown)\b)|(?P<message>(?:send|shoot|fire\s+off|drop|forward)\s+(?:(?:an?|the|this|that|my|it|these)\s+)?(?:quick\s+|short\s+)?(?:(?:e-?mail|text|sms|message|whatsapp|dm|note|reply|invite|invitation|voice)\s+){{0,2}}(?:to\s+)?{EN_PERSON}|(?:send|shoot|drop)\s+{EN_PERSON}\s+(?:an?\s+)?(?:quick\s+)?(?:e-?mail|text|sms|message|whatsapp|dm|note)\b|(?:e-?mail|text|message|dm|whatsapp|ping)\s+{EN_PERSON})|(?P<call>(?:call|phone|ring|dial|facetime)\s+{EN_PERSON})|(?P<book>(?:book|reserve)\s+(?:me\s+|us\s+)?(?:an?|two|three|four|\d+|my|our|the)\s+(?:[\w'-]+\s+){{0,3}}?(?:table|flights?|hotel|room|rooms|tickets?|seats?|appointment|taxi|cab|ride|uber|car|train|bus|slot|massage|haircut|court|stay|tour|spot|campsite|airbnb)\b)|(?P<order>(?:order|buy|purchase)\s+(?:me\s+|us\s+|for\s+me\s+)?(?:an?|some|two|three|\d+|more|another|my)\s+(?:[\w'-]+\s+){{0,3}}?(?:pizza|coffee|food|takeout|takeaway|groceries|charger|book|shoes|tickets?|gift|flowers|sushi|burger|lunch|dinner|breakfast|phone|laptop|[\w-]+\s+(?:from|on|off|at)\s|(?:for|to)\s+(?:me|my|us|delivery|the\s+office|home))|(?:order|buy|get)\s+(?:me|us)\s+(?:an?|some)\s+[a-z]|(?:order|re-?order|buy|purchase)\s+.{{1,60}}?\b(?:on|from|at|off|via)\s+(?:amazon|ebay|walmart|target|costco|instacart|doordash|uber\s*eats|grubhub|etsy|ikea|best\s*buy|deliveroo|just\s*eat)\b)|(?P<schedule>(?:move|reschedule|cancel|push)\s+(?:my|the|our)\s+(?:[\w:'-]+\s+){{0,2}}?(?:meeting|call|appointment|1:1|one-on-one|sync|standup|interview|reservation|booking|flight|dinner|lunch)\b|(?:schedule|set\s+up|arrange|book|organi[sz]e)\s+(?:me\s+)?(?:an?|my|the|our)\s+(?:[\w'-]+\s+){{0,2}}?(?:meeting|call|appointment|event|interview|check-?up|zoom|sync|standup|1:1|one-on-one|catch-up)\b|(?:add|put)\s+.{{1,60}}?\b(?:to|in|on|into)\s+(?:my|the|our)\s+(?:[\w-]+\s+)?(?:calendar|agenda|schedule|diary)\b)|(?P<pay>(?:pay|transfer|wire|venmo|send)\s+(?:\$|€|£|¥|\d+\s*(?:dollars|euros|pounds|usd|eur)|my\s+(?:[\w-]+\s+)?(?:bill|rent|invoice)|the\s+(?:[\w-]+\s+)?(?:bill|rent|invoice)|[a-z]+\s+(?:\$|€|£)\d))|(?P<post>(?:post|tweet|publish|share)\s+(?:this\s+|it\s+)?(?:to|on)\s+(?:my|our)\s+(?:[\w']+\s+)?(?:twitter|x|facebook|instagram|linkedin|reddit|mastodon|threads|feed|blog|page)\b|(?:post|tweet|publish|share)\s+(?:this|that|it|an?\s+(?:tweet|post|photo|update|status))\s+(?:on|to)\s+(?:my\s+)?(?:twitter|x|facebook|instagram|linkedin|reddit|mastodon|threads|social\s+media|feed|blog|page)\b))"
        )
    })
}

/// A message that is a question, a draft, code or role-play is never refused.
fn en_not_an_action() -> Option<&'static Regex> {
    static CELL: OnceLock<Option<Regex>> = OnceLock::new();
    regex(&CELL, || {
        r"(?i)^\s*(?:how|what|why|when|where|who|which|whose|is|are|do|does|did|should|shall|may|might|isn't|aren't)\b|\b(?:write|draft|compose|phrase|word(?:ing)?|rewrite|reword|template|options?|examples?|ideas?|suggest(?:ions?)?|versions?|samples?|translate|proofread|polish|help\s+me\s+(?:write|word|say)|what\s+to\s+say|how\s+to|explain|remind\s+me\s+(?:what|how|why|who|which|whether|if|where|the\s+difference)|in\s+(?:python|javascript|js|typescript|rust|java|go|c\+\+|c#|bash|sql|kotlin|swift|react|excel)|code|script|function|snippet|program|api|endpoint|cron|crontab|yaml|json|regex|class|method|settimeout|setinterval|component|webhook|schema|database|unit\s+test|algorithm|story|role-?play|in\s+character|pretend|scene|poem)\b|^\s*[*(\[]|```".to_owned()
    })
}

fn en_remind_at() -> Option<&'static Regex> {
    static CELL: OnceLock<Option<Regex>> = OnceLock::new();
    regex(&CELL, || format!(r"{EN_LEAD}remind\s+me\b.*{EN_WHEN}"))
}

fn en_book_it() -> Option<&'static Regex> {
    static CELL: OnceLock<Option<Regex>> = OnceLock::new();
    regex(&CELL, || {
        r"\b(?:room|table|flight|ticket|tickets|seat|hotel|taxi|appointment)\b.*\b(?:please\s+)?(?:book|reserve)\s+(?:it|that|them|one)(?:\s+for\s+(?:me|us))?\s*[.!]?\s*$".to_owned()
    })
}

fn english(first: &str, whole: &str) -> Option<Action> {
    if en_not_an_action()?.is_match(whole) || asks(first) {
        return None;
    }
    if en_remind_at()?.is_match(first) {
        return Some(Action::Remind);
    }
    if en_book_it()?.is_match(first) {
        return Some(Action::Book);
    }
    // The imperative may start the line, a later sentence of it, or a clause after "and".
    clause_starts(first).find_map(|clause| which(&en_action()?.captures(clause)?))
}

/// `line` from each place an imperative can start: the line's start, after a sentence's end,
/// and after "and" / "and then".
fn clause_starts(line: &str) -> impl Iterator<Item = &str> {
    let mut starts = vec![0];
    for (at, _) in line.match_indices(['.', '!']) {
        let next = line[at + 1..].len() - line[at + 1..].trim_start().len();
        if next > 0 {
            starts.push(at + 1 + next);
        }
    }
    for (at, found) in line.match_indices(" and ") {
        let after = at + found.len();
        starts.push(
            after
                + if line[after..].starts_with("then ") {
                    5
                } else {
                    0
                },
        );
    }
    starts.into_iter().filter_map(move |at| line.get(at..))
}

/// A question ends with a question mark, unless it is a request phrased as one ("…, could you
/// book it?").
fn asks(first: &str) -> bool {
    let trimmed = first.trim_end();
    let polite = ["can you", "could you", "would you", "will you", "please"]
        .iter()
        .any(|w| trimmed.contains(w));
    trimmed.ends_with('?') && !polite
}

fn which(found: &regex_lite::Captures<'_>) -> Option<Action> {
    use Action::*;
    [
        ("remind", Remind),
        ("alarm", Alarm),
        ("message", Message),
        ("call", Call),
        ("book", Book),
        ("order", Order),
        ("schedule", Schedule),
        ("pay", Pay),
        ("post", Post),
    ]
    .into_iter()
    .find(|(name, _)| found.name(name).is_some())
    .map(|(_, action)| action)
}

// ---------------------------------------------------------------------------------------------
// Chinese

const ZH_WHEN: &str = r"(?:明天|今天|今晚|后天|早上|上午|中午|下午|晚上|凌晨|傍晚|[点點]|分钟后|小时后|天后|周[一二三四五六日天末]|星期|礼拜|下周|每天|每周|每晚|每早|待会|一会儿|\d{1,2}[:：]\d\d)";

fn zh_action() -> Option<&'static Regex> {
    static CELL: OnceLock<Option<Regex>> = OnceLock::new();
    regex(&CELL, || {
        format!(
            r"(?P<remind>提醒我.{{0,12}}?(?:{ZH_WHEN}|去|要|记得|别忘)|{ZH_WHEN}.{{0,12}}?提醒我|叫我起床)|(?P<alarm>(?:设|定|设置|设定|开|定个|设个|调)(?:一个|个|一下)?.{{0,10}}?(?:闹钟|计时器|倒计时|提醒))|(?P<message>(?:给(?:我[^发])?|向|跟|替我给|帮我给)[^，。]{{0,8}}?(?:发|回)(?:个|一封|封|一条|条|一下)?(?:短信|邮件|消息|微信|信息|email|邮箱|语音)|(?:发|转发)(?:一封|一条|个)?(?:短信|邮件|消息|微信|信息)(?:给|到))|(?P<call>(?:给|帮我给|替我给).{{1,8}}?打(?:个|一个)?电话|打电话给)|(?P<book>(?:帮我|给我|替我|我要|请)?(?:订|预订|预定|预约|约)(?:一张|一间|一个|个|张|间|两张|两间|一桌|张|位)?.{{0,16}}?(?:机票|酒店|房间|餐厅|座位|位子|桌|车票|火车票|高铁|动车|出租车|专车|门票|电影票|挂号|民宿))|(?P<order>(?:帮我|给我|替我)(?:在.{{1,8}}?上?)?(?:买|点|下单|订购|购买)|下单|点(?:一份|一个|个|份)?外卖|点(?:一份|一杯|两份|两杯))|(?P<schedule>(?:安排|约|预约|定|设)(?:一个|个|一次)?.{{0,8}}?(?:会议|开会|面试|电话会|见面|视频会)|(?:加到|添加到|放进|写进)(?:我的)?(?:日历|日程|行程)|在(?:我的?)?(?:日历|日程)(?:上|里)(?:加|添加|建|安排))|(?P<pay>^(?:帮我|替我)?(?:转账?|打)\s*\d+\s*(?:块|元|rmb|¥)?.{{0,4}}?给|(?:帮我|替我)把?.{{0,10}}?(?:电费|水费|燃气费|话费|网费|房租|物业费|账单).{{0,4}}?(?:交|缴|付|支付)|(?:帮我|替我|给).{{0,8}}?(?:转账|转|付|支付|打)(?:款)?.{{0,6}}?(?:\d|块|元|钱|房租|账单|¥))|(?P<post>(?:发|发布|发到|转发到)(?:到|在)?(?:我的)?(?:朋友圈|微博|推特|小红书|抖音|公众号))"
        )
    })
}

fn zh_not_an_action() -> Option<&'static Regex> {
    static CELL: OnceLock<Option<Regex>> = OnceLock::new();
    regex(&CELL, || {
        r"(?i)我(?:昨天|前天|今天早上|刚才|刚刚|上周|上个月|之前|已经)|多久|多长时间|为啥|咋|祝福语|说法|几句|什么|怎么|如何|为什么|为何|哪|多少|是不是|区别|意思|解释|写|起草|草拟|拟一|措辞|模板|版本|怎么说|翻译|润色|文案|范文|示例|例子|建议|推荐|代码|函数|脚本|程序|编程|接口|组件|正则|数据库|算法|故事|小说|扮演|剧情|续写|javascript|python|java|rust|sql|api|cron|settimeout|^\s*[*（(]".to_owned()
    })
}

fn chinese(first: &str, whole: &str) -> Option<Action> {
    if zh_not_an_action()?.is_match(whole) {
        return None;
    }
    // What follows a colon is the content to send or post, not the request.
    let trimmed = first.split(['：', ':']).next().unwrap_or(first).trim_end();
    // "吗" and a question mark make a question, unless it is a request phrased as one
    // ("你能提醒我…吗").
    let polite = ["你能", "能不能", "可以", "可不可以", "能否", "麻烦", "请"]
        .iter()
        .any(|w| trimmed.contains(w));
    if (trimmed.ends_with('？') || trimmed.ends_with('?') || trimmed.ends_with('吗')) && !polite {
        return None;
    }
    let found = zh_action()?.captures(first)?;
    // "下单了" tells of an order made, not one asked for.
    let after = &first[found.get(0)?.end()..];
    if after.starts_with('了') || after.starts_with('过') {
        return None;
    }
    which(&found)
}

// ---------------------------------------------------------------------------------------------
// Arabic (read folded: see `text::fold`)

const AR_WHEN: &str = r"(?:غدا|بكره|اليوم|الليله|الساعه|بعد\s+(?:\d+|ساعه|ساعتين|دقيقه|دقيقتين|دقايق|يوم|يومين|اسبوع|نصف)|صباحا|مساء|ظهرا|الصباح|المساء|الاسبوع\s+القادم|الشهر\s+القادم|يوم\s+(?:الاثنين|الثلاثاء|الاربعاء|الخميس|الجمعه|السبت|الاحد)|كل\s+(?:يوم|صباح|مساء|اسبوع|ليله)|\d{1,2}[:٫]\d\d)";

fn ar_action() -> Option<&'static Regex> {
    static CELL: OnceLock<Option<Regex>> = OnceLock::new();
    regex(&CELL, || {
        format!(
            r"^(?:(?:من\s+فضلك|لو\s+سمحت|رجاء|ارجو\s+ان|هل\s+يمكنك\s+ان|هل\s+يمكنك|ممكن|يا\s+\S+)[،,]?\s+)*[وف]?(?:(?P<remind>ذكرني\s+.{{0,30}}?{AR_WHEN}|ذكرني\s+(?:ب?ان|بان)\s|(?:ايقظني|صحيني)\s)|(?P<alarm>(?:اضبط|ضع|شغل|فعل|اعد|ابدا|اعمل)\s+(?:لي\s+)?(?:منبه|المنبه|منبها|موقت|موقتا|الموقت|تذكير|تذكيرا|عداد|عدادا))|(?P<message>(?:ارسل|ابعث|وجه)\s+(?:لي\s+|ل\S+\s+)?(?:رساله|بريد|ايميل|بريدا|ايميلا|رسالتي|sms|واتساب|الرساله|البريد)|(?:راسل|كاتب)\s+\S)|(?P<call>(?:اتصل|اتصلي)\s+(?:ب|على\s)\S*|(?:كلم|هاتف)\s+\S)|(?P<book>احجز\s+(?:لي\s+|لنا\s+)?.{{0,24}}?(?:طاوله|رحله|تذكره|تذاكر|غرفه|فندق|موعد|مقعد|طيران|سياره|تاكسي|اوبر|قطار))|(?P<order>(?:اطلب|اشتر|اشتري)\s+(?:لي|لنا)\s+\S)|(?P<schedule>(?:حدد|جدول|رتب|نظم|احجز)\s+(?:لي\s+)?(?:موعدا|موعد|اجتماعا|اجتماع|مكالمه|مقابله)|اضف\s+.{{1,40}}?(?:الي|في)\s+(?:تقويمي|التقويم|جدولي))|(?P<pay>(?:ادفع|حول|سدد)\s+.{{0,20}}?(?:فاتوره|الفاتوره|ايجار|الايجار|دولار|ريال|درهم|جنيه|يورو|دينار|حسابي|\d))|(?P<post>انشر\s+(?:علي|في)\s+(?:حسابي|صفحتي|تويتر|فيسبوك|انستغرام|انستجرام|لينكدان)))"
        )
    })
}

fn ar_not_an_action() -> Option<&'static Regex> {
    static CELL: OnceLock<Option<Regex>> = OnceLock::new();
    regex(&CELL, || {
        r"(?i)^\s*[وف]?(?:كيف|ما|ماذا|لماذا|متي|اين|من\s+هو|من\s+هي|كم|اي)\s|ذكرني\s+(?:ما|ماذا|كيف|بما|بالفرق|بمعني|بتعريف)|اكتب|صغ|مسوده|صياغه|اقترح|نموذج|ترجم|امثله|مثال|خيارات|كود|برمج|داله|بايثون|جافا|سكربت|برنامج|javascript|python|قصه|روايه|مشهد|تمثيل|شخصيه|^\s*[*(]".to_owned()
    })
}

fn arabic(first: &str, whole: &str) -> Option<Action> {
    if ar_not_an_action()?.is_match(whole) {
        return None;
    }
    let trimmed = first.trim_end();
    let polite = trimmed.contains("يمكنك") || trimmed.contains("ممكن");
    let question = trimmed.ends_with('؟') || trimmed.ends_with('?') || trimmed.starts_with("هل");
    if question && !polite {
        return None;
    }
    clause_starts(first).find_map(|clause| which(&ar_action()?.captures(clause)?))
}

/// Every pattern of the gate, for the test that proves they compile.
#[cfg(test)]
pub(super) fn all_compile() -> bool {
    en_action().is_some()
        && en_not_an_action().is_some()
        && zh_action().is_some()
        && zh_not_an_action().is_some()
        && en_remind_at().is_some()
        && en_book_it().is_some()
        && ar_action().is_some()
        && ar_not_an_action().is_some()
}
