# واجهة Skein، العربية.

## Live regions
spoken-code = رمز: { $text }
spoken-code-long = رمز، { $lines ->
    [0] بلا أسطر
    [one] سطر واحد
    [two] سطران
    [few] { $lines } أسطر
   *[other] { $lines } سطرًا
}، يبدأ بـ: { $first }
spoken-awaiting-approval = بانتظار موافقتك لتشغيل: { $names }.

## Settings
language-label = اللغة
language-follow-browser = مثل المتصفح
language-switches-later = تظهر اللغة الجديدة في المرة القادمة التي تُحمَّل فيها هذه الصفحة.

## Settings: appearance and keys
appearance-label = المظهر
appearance-heading = اللغة والسمة والنص والمفاتيح
appearance-theme = السمة
theme-system = مثل النظام
theme-light = فاتح
theme-dark = داكن
appearance-enter-sends = يرسل Enter (و Shift+Enter لسطر جديد)؛ عند الإيقاف: يرسل Ctrl+Enter
appearance-shortcuts = اختصارات لوحة المفاتيح

## Settings: about
about-heading = حول

## Settings: assistant form
assistant-form-heading = المساعد
assistant-form-name = الاسم (وهو أيضًا { "{" }{ "{" }char{ "}" }{ "}" } في الموجِّهات)
assistant-form-system-prompt = موجِّه النظام
assistant-form-system-prompt-placeholder = كيف ينبغي أن يجيب المساعد (اختياري)
assistant-form-chat-prompt = يمكن أن يكون للمحادثة موجِّه نظام خاص بها (هذه المحادثة)
assistant-form-name-preamble = ابدأ موجِّه النظام بعبارة «أنت NAME.»
assistant-form-guidance = تعليمات دائمة (تُرسل مع كل رسالة، بمعزل عن موجِّه النظام)
assistant-form-guidance-placeholder = مثلًا: فضّل الوحدات المترية؛ أنا في لشبونة.
assistant-form-user-name = اسمك في الموجِّهات ({ "{" }{ "{" }user{ "}" }{ "}" }) حين لا تُختار شخصية
assistant-form-time-reminder = أخبر النموذج بالتاريخ والوقت الحاليين مع كل رسالة
assistant-form-hints = أضف التلميحات التي تحتاجها الرسالة (منطقتك الزمنية حين تذكر وقتًا)
assistant-form-temperature = درجة الحرارة (0–2؛ فارغ: الافتراضي لدى المزوّد)
assistant-form-top-p = Top-p (0–1)
assistant-form-max-tokens = الحد الأقصى لرموز الإخراج
assistant-form-reasoning = جهد الاستدلال
assistant-form-context-threshold = لخّص أقدم الرسائل بعد تجاوز (رموز؛ فارغ: 32000)
assistant-form-stream = ابثّ الإجابات رمزًا برمز
assistant-form-titles = سمِّ المحادثات الجديدة من أول تبادل فيها
assistant-form-suggestions = اقترح أسئلة متابعة (طلب إضافي لكل إجابة)
assistant-form-honesty = فحوص الصدق
assistant-form-gate-refusal = ردّ فورًا عندما أطلب شيئًا لا يستطيع Skein فعله هنا (إرسال، حجز، تذكير)
assistant-form-gate-fabrication = نبّه إلى الإجابات التي تدّعي أن شيئًا قد تم وهو لم يتم
assistant-form-gate-follow-up = نبّه إلى الوعود بالعودة إليّ لاحقًا، وأضفها إلى المتابعات
assistant-form-honesty-hint = معطلة افتراضيًا لشخصيات لعب الأدوار، فأفعالها جزء من القصة.
assistant-form-shared-workspace = مساحة عمل واحدة للملفات لكل محادثاته (عند الإيقاف: لكل محادثة مساحتها)
assistant-form-knowledge = قواعد المعرفة التي يجيب منها
assistant-form-knowledge-none = لا شيء بعد: أنشئ واحدة في «المعرفة».
assistant-form-world-books = كتب العالم التي يستخدمها
assistant-form-world-books-none = لا كتب عالم بعد: استورد واحدًا في «كتب العالم والقواميس».
assistant-form-dictionaries = قواميس المحادثة التي يستخدمها
assistant-form-dictionaries-none = لا قواميس بعد: أنشئ واحدًا في «كتب العالم والقواميس».
assistant-form-save = احفظ المساعد

## Chat header: assistant picker
assistant-picker-label = المساعد
assistant-picker-title = المساعد الذي يجيب (تعليماته وأدواته ومعرفته)

## Composer: attachments
attachments-label = الملفات المرفقة

## Settings: backup and export
backup-label = النسخ الاحتياطي
backup-include-keys = ضمِّن مفاتيح API (يستطيع أي شخص لديه الملف استخدامها)
backup-everything = انسخ كل شيء احتياطيًا
backup-import = استيراد أو استعادة (نسخة Skein احتياطية أو تصدير محادثة، أو ملف conversations.json من ChatGPT)
export-label = صدِّر هذه المحادثة
export-verb = تصدير
export-markdown = Markdown
export-json = JSON

## Settings: about (continued)
about-version = Skein { $version } (البناء { $build })
about-version-dev = Skein { $version } (بناء تطوير)
offline-checking = جارٍ التحقق مما إذا كان Skein يعمل دون اتصال…
offline-ready = يعمل دون اتصال: محادثاتك والبحث والإعدادات والتصدير لا تحتاج إلى شبكة؛ تنتظر الرسائل حتى تعود متصلًا.
offline-not-in-build = بناء التطوير هذا لا يعمل دون اتصال (استخدم `cargo xtask serve`).
offline-unavailable = لا يستطيع هذا المتصفح إبقاء Skein متاحًا دون اتصال: { $why }

## Composer: attachments (continued)
attachments-remove = أزل { $name }

## Settings: reasoning effort
reasoning-auto = الافتراضي لدى المزوّد
reasoning-off = إيقاف (أقل ما يُسمح به)
reasoning-low = منخفض
reasoning-medium = متوسط
reasoning-high = مرتفع
reasoning-max = أقصى

## Branch map
branch-map-label = الرسائل ونسخها
branch-map-heading = الفروع
branch-map-close = أغلق خريطة الفروع
branch-map-hint = المسار المميَّز هو المعروض على الشاشة. اختر رسالة لعرض فرعها (↑ ↓ للتنقل، → إلى نقطة التفرّع، Enter للعرض).
branch-map-version = النسخة
branch-map-on-screen = على الشاشة

## Characters: editor
character-editor-label = حرّر الشخصية
character-editor-name = الاسم
character-editor-nickname = اللقب (ما يدل عليه { "{" }{ "{" }char{ "}" }{ "}" } عند تعيينه)
character-editor-description = الوصف
character-editor-personality = الشخصية
character-editor-scenario = السيناريو
character-editor-first-message = الرسالة الأولى
character-editor-greetings = تحيات بديلة (نسخ أخرى من الرسالة الأولى)
character-editor-remove = أزل
character-editor-add-greeting = أضف تحية
character-editor-examples = حوار نموذجي (تفصل بين الأمثلة <START>)
character-editor-system-prompt = موجِّه النظام ({ "{" }{ "{" }original{ "}" }{ "}" } يدل على موجِّه المساعد نفسه)
character-editor-post-history = تعليمات ما بعد السجل (تُرسل بعد المحادثة)
character-editor-creator-notes = ملاحظات المنشئ (تُعرض ولا تُرسل أبدًا)
character-editor-tags = الوسوم (مفصولة بفواصل)
character-editor-creator = المنشئ
character-editor-no-book = ليس لها كتاب شخصية.
character-editor-export-book = صدِّر كتابها بصيغة World Info
character-editor-world-books = كتب العالم التي تستخدمها هذه الشخصية
world-books-none-settings = لا كتب عالم بعد: استورد واحدًا في الإعدادات ← كتب العالم والقواميس.
character-editor-save = احفظ الشخصية
character-editor-back = عُد إلى المعرض

## Characters: gallery
character-gallery-label = الشخصيات
character-gallery-import = استورد بطاقة شخصية
character-gallery-search = ابحث في الشخصيات
character-gallery-hint = بطاقة شخصية V1 أو V2 أو V3، بصيغة JSON أو داخل صورة PNG (SillyTavern وChub وغيرهما). تُقرأ البطاقة في هذه الصفحة؛ ولا يُرفع شيء.
character-gallery-filter-tag = رشّح حسب الوسم
character-gallery-empty = لا شخصيات بعد: استورد بطاقة للبدء.
character-gallery-no-match = لا شخصية تطابق البحث والوسوم.
character-gallery-tags = الوسوم
character-gallery-no-greeting = بلا تحية: تبدأ المحادثة برسالتك.
character-gallery-one-greeting = تبدأ بتحيتها.
character-gallery-chat = محادثة
character-gallery-edit = تحرير
character-gallery-export = تصدير
character-gallery-png = بطاقة PNG
character-gallery-json-v2 = JSON (V2)
character-gallery-json-v3 = JSON (V3)
character-gallery-delete = احذف

## Chat settings (this chat)
chat-settings-label = هذه المحادثة
chat-settings-close = أغلق إعدادات هذه المحادثة
chat-settings-speak-as = تتحدث باسم
chat-settings-default-no-persona = الافتراضي (بلا شخصية)
chat-settings-personas-hint = تُنشأ الشخصيات في الإعدادات ← الشخصيات.
chat-settings-prompt = موجِّه النظام لهذه المحادثة
chat-settings-prompt-placeholder = فارغ: موجِّه المساعد نفسه
chat-settings-prompt-not-allowed = مساعد هذه المحادثة لا يسمح بموجِّه نظام خاص بالمحادثة (يمكن تغيير ذلك من إعداداته).
chat-settings-prompt-hint = يُرسل بدل موجِّه نظام المساعد؛ ومع شخصية، مكان { "{" }{ "{" }original{ "}" }{ "}" } (تبقى البطاقة).
chat-settings-save-prompt = احفظ الموجِّه
chat-settings-world-books = كتب العالم في هذه المحادثة
chat-settings-dictionaries = قواميس المحادثة في هذه المحادثة
dictionaries-none-settings = لا قواميس بعد: أنشئ واحدًا في الإعدادات ← كتب العالم والقواميس.

## Conversation
chat-empty-heading = كيف يمكنني مساعدتك؟
chat-empty-type = اكتب في الأسفل واضغط Enter؛ تظهر الإجابة أثناء كتابتها.
chat-empty-attach = أرفق مستندًا أو صورة أو ملف ZIP لتسأل عنه.
chat-empty-versions = أعد توليد رسالة أو حرّرها لتجربة نسخة أخرى: تُحفظ كل النسخ.
chat-empty-shortcuts = اضغط ? لعرض اختصارات لوحة المفاتيح.
chat-follow-ups-label = أسئلة متابعة مقترحة
chat-jump-latest = ↓ انتقل إلى الأحدث

## Citations
citations-label = المصادر
citations-open-conversation = افتح هذه المحادثة

## Composer
composer-label = رسالة
composer-placeholder-enter = رسالة (Enter للإرسال، Shift+Enter لسطر جديد)
composer-placeholder-ctrl-enter = رسالة (Ctrl+Enter للإرسال، Enter لسطر جديد)
composer-attach-title = أرفق صورًا أو ملفات نصية (أو الصقها / أفلتها)
composer-attach = إرفاق
composer-attach-label = أرفق ملفات
composer-send = إرسال
composer-stop = إيقاف

## Context meter
context-meter-title = الرموز المقدّرة للطلب التالي. بعد تجاوز الحد تُلخَّص أقدم الرسائل (في الطلب فقط؛ لا يُحذف شيء). عيّن نافذة سياق النموذج في الإعدادات للقياس عليها.
context-meter-label = السياق المستخدم
context-meter-inspect = افحص

## Characters (continued)
character-editor-heading = حرّر { $name }
character-editor-greeting = التحية البديلة { $n }
character-editor-remove-greeting = أزل التحية البديلة { $n }

## Chat settings (continued)
chat-settings-default-persona = الشخصية الافتراضية ({ $name })

## Plurals: characters and the conversation
character-editor-book = كتاب شخصيتها ({ $n ->
    [one] مدخل واحد
    [two] مدخلان
    [few] { $n } مداخل
   *[other] { $n } مدخلًا
}) هو كتاب معارف هذا المساعد.
character-gallery-greetings = تبدأ بواحدة من { $n ->
    [two] تحيتين
    [few] { $n } تحيات
   *[other] { $n } تحية
} (‹ › للتبديل).
chat-show-earlier = اعرض الرسائل الأقدم ({ $n ->
    [one] رسالة أخرى
    [two] رسالتان أخريان
    [few] { $n } رسائل أخرى
   *[other] { $n } رسالة أخرى
})

## Settings: dictionaries
dictionary-editor-label = حرّر القاموس
dictionary-name = الاسم
dictionary-budget = ميزانية الرموز (لكل رسالة)
dictionary-hint = تطابق الكلمةُ الكلماتِ الكاملة بأي حالة أحرف؛ ويمكن للتعبير النمطي استخدام $1 في بديله. تنطبق «الاحتمال» و«على الأكثر» لكل رسالة.
dictionary-word = كلمة أو نمط
dictionary-replacement = البديل
dictionary-chance = الاحتمال (%)
dictionary-at-most = على الأكثر (فارغ: الكل)
dictionary-regex = تعبير نمطي
dictionary-enabled = مفعّل
dictionary-remove = أزل
dictionary-add-entry = أضف مدخلًا
dictionary-save = احفظ القاموس
dictionary-back = عُد إلى القائمة
dictionary-heading = قواميس المحادثة
dictionary-import = استورد قاموسًا
dictionary-new = قاموس جديد
dictionary-intro = استبدالات في ما ترسله، تُجرى في الطلب فقط (تبقى رسالتك كما كتبتها). الملفات: صيغة قواميس Skein، أو كائن من "كلمة": "بديل"، أو قائمة مداخل.

## Errors
error-retry = أعد المحاولة
error-dismiss = تجاهل

## Settings: fallbacks
fallback-up = لأعلى
fallback-remove = أزل
fallback-heading = البدائل
fallback-hint = حين يفشل المزوّد قبل الإجابة، تُجرَّب هذه بالترتيب. ويُتخطّى ما يفشل 3 مرات متتالية لمدة 30 ثانية؛ وتذكر الإجابة من أجاب.
fallback-protocol = البروتوكول
fallback-base-url = عنوان URL الأساسي
fallback-api-key = مفتاح API
fallback-model = النموذج
fallback-add = أضف بديلًا

## Lists of files (edit, export, delete)
file-row-edit = تحرير
file-row-export = تصدير
file-row-delete = احذف

## Find in conversation
find-label = ابحث في هذه المحادثة
find-previous = المطابقة السابقة
find-next = المطابقة التالية
find-close = أغلق البحث

## Follow-ups
follow-up-remind-at = ذكّرني في
follow-up-set = عيّن
follow-up-open-again = افتح مجددًا
follow-up-done = تم
follow-up-delete = احذف
follow-up-label = المتابعات
follow-up-close = أغلق المتابعات
follow-up-intro = لا يجيب المساعد إلا حين تكتب، فلا يستطيع العودة إليك من تلقاء نفسه. تُحفظ وعوده هنا: عيّن وقتًا وسيذكّرك Skein (ما دام مفتوحًا في علامة تبويب).
follow-up-none = لا متابعات.

## Extension: host permissions
host-permissions-heading = المواقع التي يمكن لـ Skein الوصول إليها
host-permissions-hint = بصفته إضافة، يستطيع Skein استدعاء مزوّدين لا يسمحون لصفحات الويب (بلا ترويسات CORS)، لكن فقط المواقع التي تمنحها واحدًا واحدًا: يسأل حين تحفظ مزوّدًا.
host-permissions-none = لا شيء بعد.
host-permissions-revoke = اسحب

## Images
image-loading = جارٍ تحميل الصورة…

## Knowledge
knowledge-heading = قواعد المعرفة
knowledge-intro = تبقى المستندات في هذا المتصفح. يجيب المساعد من القواعد المرتبطة به، ويستشهد بها.
knowledge-new-name = اسم قاعدة المعرفة الجديدة
knowledge-new-placeholder = قاعدة معرفة جديدة
knowledge-create = أنشئ
knowledge-delete-base = احذف القاعدة
knowledge-delete = احذف
knowledge-embedding-placeholder = نموذج التضمين، مثل text-embedding-3-small أو nomic-embed-text
knowledge-use = استخدم
knowledge-reembed-label = أتعيد تضمين قاعدة المعرفة؟
knowledge-chunk-size = حجم المقطع (محارف)
knowledge-overlap = التداخل
knowledge-chunking-label = للمستندات المضافة من الآن فصاعدًا
knowledge-chunking-apply = طبّق على المستندات الجديدة
knowledge-add-files = أضف ملفات (نص، Markdown، HTML، PDF، Word)
knowledge-paste-title-label = عنوان النص الملصق
knowledge-paste-title = العنوان
knowledge-paste-text-label = النص المراد إضافته
knowledge-paste-text = الصق النص المراد إضافته
knowledge-add-text = أضف النص

## Knowledge, dictionaries, fallbacks, follow-ups (with placeholders)
dictionary-editor-heading = حرّر { $name }
dictionary-entries = { $n ->
    [0] لا مداخل
    [one] مدخل واحد
    [two] مدخلان
    [few] { $n } مداخل
   *[other] { $n } مدخلًا
}
fallback-up-label = جرّب { $label } أبكر
fallback-remove-label = أزل { $label }
fallback-the-provider = (المزوّد)
follow-up-in-chat = في «{ $title }»
knowledge-embedded = ضُمِّن { $done } من { $total } مقطعًا باستخدام { $model }.
knowledge-by-words = يُبحث فيها بكلماتها. عيّن نموذج تضمين لدى مزوّدك للبحث بالمعنى أيضًا.
knowledge-delete-base-label = احذف قاعدة المعرفة { $name } ومستنداتها
knowledge-document-summary = { $name } · { $count ->
    [one] مقطع واحد
    [two] مقطعان
    [few] { $count } مقاطع
   *[other] { $count } مقطعًا
}
knowledge-delete-document = احذف { $name }
knowledge-embedding-label = نموذج التضمين لـ { $name }
knowledge-reembed-offer = { $count ->
    [one] مقطع واحد مُضمَّن
    [two] مقطعان مُضمَّنان
    [few] { $count } مقاطع مُضمَّنة
   *[other] { $count } مقطعًا مُضمَّنًا
} باستخدام { $old }. لا تُقارن أبدًا متجهات نماذج مختلفة: لاستخدام { $new }، يُضمَّن كل مقطع من جديد (ويُبحث في القاعدة بكلماتها في الأثناء).
knowledge-reembed-with = أعد التضمين باستخدام { $new }
knowledge-keep = أبقِ { $old }
knowledge-add-files-label = أضف ملفات إلى { $name }

## Markdown in messages
markdown-task = مهمة
markdown-copy-code = انسخ الرمز
copied = نُسخ
copy = نسخ
markdown-link-removed = أُزيل الرابط: ليس عنوان ويب أو بريد
markdown-image-not-web = لم تُعرض الصورة: ليست عنوان ويب
markdown-open-it = افتحه

## Settings: MCP servers
mcp-edit-label = حرّر خادم MCP
mcp-add-label = أضف خادم MCP
mcp-name = الاسم (تبدأ به أسماء أدواته)
mcp-address = العنوان (نقطة نهاية Streamable HTTP)
mcp-address-placeholder = https://example.com/mcp
mcp-sign-in = تسجيل الدخول
mcp-auth-none = لا شيء
mcp-auth-bearer = رمز Bearer
mcp-auth-header = ترويسة خاصة به
mcp-token = الرمز
mcp-header-name = اسم الترويسة
mcp-header-value = قيمة الترويسة
mcp-save = احفظ الخادم
mcp-add = أضف الخادم
cancel = إلغاء
mcp-test = اختبر
mcp-on = مفعّل
mcp-edit = تحرير
mcp-remove = أزل
mcp-its-tools = أدواته
mcp-heading = خوادم MCP
mcp-intro = أدوات الخوادم التي تتحدث بروتوكول سياق النموذج عبر Streamable HTTP. يجب أن يسمح الخادم لهذا الموقع (CORS). فعّل أدواته لمساعد من «المساعدون»؛ والأدوات التي قد تغيّر شيئًا تسألك أولًا.

## Settings: memories
memory-heading = الذكريات
memory-intro = ما يتذكره المساعدون عنك. يُعطى للنموذج معلوماتٍ، لا تعليماتٍ أبدًا.
memory-none = لا شيء محفوظ بعد.
memory-every-assistant = كل المساعدين
memory-label = ذكرى
memory-save = احفظ
memory-forget-label = انسَ هذه الذكرى
memory-forget = انسَ

## Messages
message-previous-version = النسخة السابقة
message-next-version = النسخة التالية
message-reasoning-live = يستدل…
message-reasoning = الاستدلال
message-edit-label = حرّر الرسالة
message-save-send = احفظ وأرسل
message-edit = تحرير
message-regenerate = أعد التوليد
message-continue = تابع
message-copy-label = انسخ نص الرسالة
message-inspect = افحص الطلب
message-delete = احذف

## Model picker
model-picker-label = النموذج

## Notifications
notify-enable = أعلمني حين تجهز إجابة في علامة تبويب في الخلفية
notify-on = الإشعارات مفعّلة: تُبلَّغ حين تنتهي إجابة في علامة تبويب في الخلفية.
notify-blocked = الإشعارات محظورة لهذا الموقع في إعدادات المتصفح.
notify-unsupported = لا يستطيع هذا المتصفح عرض الإشعارات هنا.

## Settings: personas
persona-label = الشخصيات الذاتية
persona-heading = شخصياتك الذاتية
persona-intro = من أنت في المحادثة: الاسم الذي يدل عليه { "{" }{ "{" }user{ "}" }{ "}" } ووصف يُخبَر به النموذج. تستخدم المحادثات الجديدة الافتراضية؛ ويمكن للمحادثة اختيار شخصيتها من «هذه المحادثة».
persona-default = الشخصية الافتراضية
persona-none = لا شيء (اسم المستخدم لدى المساعد)
persona-name-label = اسم الشخصية
persona-description-label = وصف الشخصية
persona-save = احفظ
persona-delete = احذف
persona-new-label = شخصية جديدة
persona-new-name = الاسم (ما يصبح عليه { "{" }{ "{" }user{ "}" }{ "}" })
persona-new-name-label = اسم الشخصية الجديدة
persona-new-description = الوصف (اختياري)
persona-new-description-label = وصف الشخصية الجديدة
persona-add = أضف شخصية

## Prompt inspector
inspector-label = فاحص الموجِّه
inspector-close = أغلق فاحص الموجِّه
inspector-building = جارٍ بناء الطلب…
inspector-world-books = كتب المعارف وكتب العالم
inspector-no-entry = لم يُفعَّل أي مدخل.
inspector-dictionaries = قواميس المحادثة
inspector-messages = الرسائل
inspector-tools = الأدوات المعروضة
inspector-body = نص الطلب كما هو
inspector-copy-body = انسخ نص الطلب

## Markdown, MCP, memories, messages, models, inspector (with placeholders)
markdown-image-alt = [صورة: { $alt }]
markdown-image-tells = تحميلها يُعلم { $host } بأنك تقرأ هذا.
markdown-image-load = حمّل الصورة من { $host }
markdown-image-load-alt = حمّل الصورة من { $host }: { $alt }
markdown-image-loading = جارٍ تحميل الصورة من { $host }…
markdown-image-failed = لا يمكن عرض الصورة من { $host }: { $reason }.
mcp-status-off = متوقف
mcp-status-connected = متصل · { $count ->
    [one] أداة واحدة
    [two] أداتان
    [few] { $count } أدوات
   *[other] { $count } أداة
}
mcp-status-error = غير متصل: { $error }
mcp-status-connecting = جارٍ الاتصال…
mcp-left-out = مستبعد: { $tools }.
mcp-not-offered = غير معروض: { $tools }
memory-known-to = معروفة لـ { $whose }
message-corrected = لم يُنفَّذ: تقول هذه الإجابة «{ $claimed }»، لكن لم يُنفَّذ شيء فعلًا: لم يشغّل Skein أي أداة لذلك.
message-corrected-dismiss = إخفاء الملاحظة
message-follow-up-promise = «{ $phrase }»: لا يستطيع المساعد المتابعة من تلقاء نفسه. إنها في «المتابعات»: عيّن وقتًا هناك ليُذكَّر بك.
message-reasoned-for = استدل لمدة { $seconds } ث
model-ability-vision = رؤية
model-ability-tools = أدوات
model-ability-reasoning = استدلال
model-picker-title = النموذج، من { $provider }
inspector-totals = { $model } · ≈ { $tokens } رمزًا في { $messages } رسالة{ $tools ->
    [0] {""}
   *[other] {" "}و{ $tools } أداة
}
inspector-tokens = ≈ { $tokens } رمزًا
inspector-dictionary-line = { $name }: استُبدل { $replaced }{ $skipped ->
    [0] {""}
   *[other] ، وتُرك { $skipped } بسبب الميزانية
}
inspector-summary-pending = يُنشأ ملخص جديد لأول { $messages } رسالة عند إرسال هذا.
inspector-summary = ملخص (≈ { $tokens } رمزًا) يحل محل أول { $messages } رسالة.
inspector-tool-line = { $name } (≈ { $tokens } رمزًا)
pick-list-everywhere = (مفعّل في كل محادثة)

## Regenerate with another model
regenerate-other-model = أعد التوليد بنموذج آخر
regenerate-listing = جارٍ سرد نماذج المزوّد…
regenerate-no-models = لا يسرد المزوّد أي نماذج.
regenerate-with = اكتب نسخة جديدة باستخدام

## Regex rules
regex-heading = قواعد التعبيرات النمطية (بحث واستبدال؛ $1 أو ${ "{" }name{ "}" } في البديل)
regex-name = الاسم
regex-pattern = النمط
regex-replacement = البديل
regex-your-messages = رسائلك
regex-answers = الإجابات
regex-on = مفعّل
regex-remove-label = أزل هذه القاعدة
regex-remove = أزل
regex-add = أضف قاعدة

## Settings: provider connection
provider-connection = الاتصال
provider-protocol = البروتوكول
provider-base-url = عنوان URL الأساسي
provider-api-key = مفتاح API (اتركه فارغًا للخوادم المحلية)
provider-model = النموذج
provider-fetch-models = اجلب النماذج
provider-models-label = النماذج التي يقدمها المزوّد
provider-choose-model = اختر نموذجًا…
provider-limits = المهل والحدود
provider-first-token-timeout = مهلة الرمز الأول (بالثواني؛ قد تفكر نماذج الاستدلال لدقائق)
provider-idle-timeout = مهلة الخمول (ثوانٍ بلا نص جديد بعد بدء الإجابة)
provider-requests-per-minute = الطلبات في الدقيقة (فارغ: بلا حد)
provider-tokens-per-minute = الرموز في الدقيقة (فارغ: بلا حد)
provider-advanced = نافذة النموذج والتضمينات والأدوات والترويسات والمتن المخصصة
provider-context-window = نافذة السياق بالرموز (فارغ: غير معروفة؛ تُملأ من قائمة النماذج حين يذكرها المزوّد)
provider-embedding-model = نموذج التضمين للذكريات (فارغ: تُختار الذكريات بكلماتها)
provider-embedding-placeholder = مثلًا text-embedding-3-small أو nomic-embed-text
provider-tools = يستطيع النموذج استدعاء الأدوات (عند الإيقاف: لا تُرسل تعريفات الأدوات)
provider-vision = يرى النموذج الصور (عند الإيقاف: يقرؤها النموذج أدناه، أو تُستبعد)
provider-vision-model = نموذج يقرأ الصور نيابةً عنه (نموذج رؤية لدى هذا المزوّد؛ فارغ: لا شيء)
provider-vision-placeholder = مثلًا gpt-4o-mini أو llava
provider-headers = ترويسات مخصصة، "الاسم: القيمة" في كل سطر (تُرسل مع كل طلب؛ قد تكون القيم أسرارًا فتُحفظ كمفتاح API)
provider-body = مداخل متن مخصصة، كائن JSON يُدمج في كل طلب محادثة
provider-save = احفظ

## Settings navigation
settings-sections-label = أقسام الإعدادات

## Keyboard shortcuts
shortcuts-heading = اختصارات لوحة المفاتيح
shortcuts-close = أغلق

## Sidebar
sidebar-label = المحادثات
sidebar-new-chat = محادثة جديدة
sidebar-search-label = ابحث في المحادثات
sidebar-search-placeholder = ابحث في العناوين والرسائل
sidebar-no-match = لا محادثة مطابقة.
sidebar-empty = ستُدرج محادثاتك هنا، الأحدث أولًا. وتبقى في هذا المتصفح.
sidebar-temporary = مؤقتة
sidebar-generating = يولِّد
sidebar-new-title = عنوان جديد

## Storage
storage-check-again = تحقّق مجددًا
reload = أعد التحميل
storage-heading = التخزين

## Conversation summary
summary-none = لا ملخص بعد: تُرسل كل رسالة من هذا الفرع مع كل طلب.
summary-your-instructions = تعليماتك:
summary-edit = تحرير
summary-reset = أعد الضبط
summary-your-version = نسختك
summary-save = احفظ
summary-cancel = إلغاء
summary-label = ملخص المحادثة
summary-close = أغلق الملخص
summary-instructions = تعليمات للملخص (اختياري)
summary-instructions-placeholder = احتفظ بالرمز وبكل تاريخ
summary-now = لخّص الآن
summary-now-hint = كل ما قبل سؤالك الأخير، بنموذج هذه المحادثة: طلب واحد.

## Message template
template-label = قالب الرسالة (يغلّف كل رسالة ترسلها؛ فارغ: تُرسل كما كُتبت)
template-put-cursor = ضع المؤشر هناك
template-syntax = صيغة القالب
template-inserts = يُدرج قيمة:
template-if = يُبقي نصه حين لا تكون القيمة فارغة؛
template-else = يعطي النص الآخر.
template-rest = يُرسل كل ما عدا ذلك كما كُتب.

## Temporary chat
temporary-banner = محادثة مؤقتة.
temporary-banner-detail = لا يُحفظ منها شيء على هذا الجهاز؛ تزول حين يُغلق Skein أو يُعاد تحميله.
temporary-keep = احتفظ بهذه المحادثة
temporary-toggle = محادثة مؤقتة
temporary-next-hint = لن تُحفظ هذه المحادثة: تزول حين يُغلق Skein أو يُعاد تحميله، ما لم تحتفظ بها.
temporary-hint = غير محفوظة، وليست في النسخ الاحتياطية، حتى تحتفظ بها.

## Tool calls
tool-call-error = خطأ
tool-call-result = النتيجة
tool-call-approve = وافق
tool-call-deny = ارفض
tool-call-answer = أجب…
tool-call-answer-label = إجابتك مكان الأداة
tool-call-send-answer = أرسل الإجابة
tool-policies-heading = الأدوات التي يمكن للمساعد استدعاؤها
tool-policies-none = لا أدوات متاحة.

## Undo, updates, usage, waiting
undo = تراجع
usage-chart-label = الرموز يوميًا حسب النموذج؛ يسرد الجدول أدناه الأرقام
usage-chart-models = النماذج
waiting-dont-send = لا ترسل

## Settings pages
settings-providers = المزوّدون
settings-assistants = المساعدون
settings-characters = الشخصيات
settings-world-books = كتب العالم والقواميس
settings-knowledge = المعرفة والذاكرة
settings-tools = الأدوات
settings-appearance = المظهر
settings-usage = الاستخدام
settings-data = البيانات
settings-providers-summary = من أين تأتي الإجابات: المزوّد ومفتاحه ونماذجه وحدوده.
settings-assistants-summary = من يجيب: التعليمات وأخذ العينات والأدوات وما يجوز لكل أداة فعله.
settings-characters-summary = شخصيات من ملفات البطاقات، ومن أنت في المحادثة: شخصياتك الذاتية.
settings-world-books-summary = معارف تنضم إلى الموجِّه حين تظهر مفاتيحها (SillyTavern World Info)، وكلمات تُستبدل في ما ترسله.
settings-knowledge-summary = مستندات يُجاب منها، وما يتذكره المساعدون عنك.
settings-tools-summary = أدوات تفعل: البحث في الويب، وخوادم MCP بما تقدمه.
settings-appearance-summary = السمة وحجم النص والإشعارات واختصارات لوحة المفاتيح.
settings-usage-summary = الرموز يوميًا ولكل نموذج كما أبلغ عنها المزوّدون، وتكلفتها.
settings-sync = المزامنة
settings-sync-summary = محادثاتك في كل متصفح تستخدمه، مشفّرة قبل أن تغادر هذا المتصفح.
sync-heading = المزامنة بين الأجهزة
sync-intro = أبقِ محادثاتك متطابقة في كل متصفح تستخدمه، عبر خادم يتحدث بروتوكول النسخ المتماثل في CouchDB ‏(CouchDB أو PouchDB Server أو Cloudant) تشغّله أو تستأجره. يُشفَّر كل شيء هنا بمفتاح مشتق من عبارة المرور قبل أن يغادر هذا المتصفح: لا يستطيع الخادم قراءة محادثاتك.
sync-what = لا يُزامَن أبدًا: تبقى ملفات المرفقات وقواعد المعرفة على الجهاز الذي أضافها، لأن الملف أو قاعدة المعرفة يبلغ ميغابايتات، ويرفض CouchDB افتراضيًا أي مستند يتجاوز 8 ميغابايت (ينقلها ملف النسخ الاحتياطي في «البيانات»). المساعدون (ومنهم الشخصيات) والذكريات لا يُزامَنون بعد.
sync-scope-heading = ما يُزامَن
sync-scope-conversations = المحادثات ورسائلها، مع عمليات الحذف
sync-scope-settings = الإعدادات: المزوّد والنماذج، والشخصيات، وكتب العالم، وقواميس المحادثة، وخوادم MCP، والبحث في الويب، وسير العمل
sync-scope-keys = مفاتيح API وبيانات الاعتماد الأخرى مع الإعدادات (قيم الترويسات، ورموز MCP، ومفتاح البحث في الويب)، مشفّرة كسائر البيانات
sync-scope-hint = الجهاز الذي يفعّل مزامنة الإعدادات يأخذ الإعدادات المُزامَنة مسبقًا. إذا غيّر جهازان الإعدادات نفسها وهما منفصلان، يفوز الذي زامن لاحقًا. من دون مفاتيح API يحتفظ كل جهاز بمفاتيحه.
sync-url = عنوان قاعدة البيانات (https://…/database)
sync-username = اسم المستخدم
sync-password = كلمة المرور
sync-passphrase = عبارة المرور
sync-passphrase-hint = استخدم عبارة المرور نفسها على كل جهاز. لا يمكن استعادتها: بدونها لا يمكن قراءة النسخة المزامَنة. يستغرق اشتقاق المفتاح منها لحظة.
sync-connect = اتصل وزامِن
sync-connecting = جارٍ الاتصال…
sync-with = تجري المزامنة مع { $url } باسم { $user }
sync-with-anonymous = تجري المزامنة مع { $url }
sync-running = جارٍ المزامنة…
sync-paused = متوقفة مؤقتًا: لا يُرسَل شيء ولا يُستقبَل حتى تستأنف.
sync-never = لم تتم المزامنة بعد.
sync-last = آخر مزامنة: { $when }.
sync-pulling = جارٍ الاستلام… طُبّق { $count }
sync-pushing = جارٍ الإرسال… { $sent } من { $total }
sync-report = الجولة الأخيرة: استُلم { $pulled }، وأُرسل { $pushed }، وحُذف هنا { $deleted }.
sync-report-unreadable = تعذّر فتح { $count } بعبارة المرور هذه فتُركت كما هي.
sync-pending = { $count ->
    [zero] لا توجد هنا تغييرات لم تُرسل بعد.
    [one] تغيير واحد هنا لم يُرسل بعد.
    [two] تغييران هنا لم يُرسلا بعد.
    [few] { $count } تغييرات هنا لم تُرسل بعد.
   *[other] { $count } تغييرًا هنا لم يُرسل بعد.
}
sync-now = زامِن الآن
sync-pause = إيقاف مؤقت
sync-resume = استئناف
sync-forget = أوقف المزامنة على هذا الجهاز
sync-forget-hint = الإيقاف يُبقي محادثاتك هنا وعلى الخادم؛ وينسى هذا المتصفح الخادم والمفتاح.
sync-conflicts-heading = أُعيدت تسميتها على جهازين
sync-conflict = أُبقي «{ $kept }»؛ وكان على الجهاز الآخر «{ $other }» ({ $when }).
sync-settings-conflicts-heading = إعدادات تغيّرت على جهازين
sync-settings-conflict = { $area }: أُبقيت النسخة التي زُومنت لاحقًا؛ واستُبدلت نسخة { $whose } ({ $when }).
sync-settings-lost-here = هذا الجهاز
sync-settings-lost-there = الجهاز الآخر
sync-take-other = استخدم النسخة المستبدَلة
sync-area-providers = المزوّد والنماذج
sync-area-personas = الشخصيات
sync-area-world-books = كتب العالم
sync-area-dictionaries = قواميس المحادثة
sync-area-mcp-servers = خوادم MCP
sync-area-web-search = البحث في الويب
sync-area-workflows = سير العمل
settings-data-summary = التخزين والنسخ الاحتياطية والاستيراد وهذا البناء.

## Settings: providers (continued)
provider-kind-openai = متوافق مع OpenAI (OpenAI وOllama وllama.cpp وvLLM وOpenRouter وGroq وMistral وDeepSeek)
provider-kind-anthropic = Anthropic
provider-kind-gemini = Google Gemini
provider-whole-number = يجب أن يكون { $field } عددًا صحيحًا (أو فارغًا).
provider-field-first-token = مهلة الرمز الأول
provider-field-idle = مهلة الخمول
provider-field-rpm = الطلبات في الدقيقة
provider-field-tpm = الرموز في الدقيقة
provider-field-context-window = نافذة السياق
saved = حُفظ.
regex-rule-default-name = القاعدة { $n }

## Keyboard shortcuts (continued)
shortcut-new-chat = محادثة جديدة
shortcut-search = ابحث في المحادثات
shortcut-find = ابحث في هذه المحادثة
shortcut-focus-composer = انتقل إلى مربع الرسالة
shortcut-escape = أغلق لوحة، أو أوقف الإجابة الجاري كتابتها
shortcut-send = إرسال / سطر جديد (أو Ctrl+Enter للإرسال، من الإعدادات)
shortcut-help = اعرض هذه الاختصارات

## Storage (continued)
storage-using-of = مستخدَم { $used } من { $quota } يسمح بها هذا المتصفح.
storage-using = مستخدَم { $used }.
storage-usage-unknown = لا يُبلغ هذا المتصفح عن مقدار التخزين المستخدم.
storage-persistent = التخزين دائم: لن يمسحه المتصفح من تلقاء نفسه.
storage-not-persistent = التخزين غير دائم: قد يمسحه المتصفح حين تقل المساحة. انسخ احتياطيًا ما يهمك.
storage-persistence-unknown = لا يذكر هذا المتصفح ما إذا كان قد يمسح تخزين Skein.

## Tool calls (continued)
tool-call-waiting = بانتظار موافقتك
tool-call-denied = مرفوض
tool-call-answered = أجبت عنه أنت
tool-call-failed = فشل
tool-call-ran = نُفِّذ
tool-call-running = قيد التشغيل…
tool-call-label = استدعاء أداة: { $name }
tool-choice-off = متوقف
tool-choice-default-ask = مفعّل (الافتراضي: يسأل أولًا)
tool-choice-default-auto = مفعّل (الافتراضي: يعمل وحده)
tool-choice-ask = مفعّل، اسألني كل مرة
tool-choice-auto = مفعّل، شغّل دون سؤال
tool-choice-label = { $name }: متى يجوز تشغيلها

## Sidebar (continued)
sidebar-rename = أعد تسمية «{ $title }»
sidebar-delete = احذف «{ $title }»
sidebar-show-more = اعرض المحادثات الأقدم ({ $n ->
    [one] محادثة أخرى
    [two] محادثتان أخريان
    [few] { $n } محادثات أخرى
   *[other] { $n } محادثة أخرى
})

## Summary, template, undo, usage, waiting (with placeholders)
summary-threshold = بعد نحو { $tokens } رمزًا تُلخَّص أقدم الرسائل تلقائيًا.
template-problem = السطر { $line }، العمود { $column }: { $problem }
undo-deleted = حُذفت «{ $title }».
usage-chart-bar = { $day } · { $model }: { $tokens } رمزًا
waiting-back-online = عاد الاتصال: جارٍ إرسال رسالتك…
waiting-offline = بانتظار الاتصال: رسالتك محفوظة وستُرسل حين تعود متصلًا.
summary-stands-in = في الطلبات يحل محل أول { $count } رسالة؛ وتبقى هنا دون تغيير.
summary-covered = الرسائل الـ{ $count } التي يحل محلها

## Settings: usage
usage-price-in = إدخال
usage-price-out = إخراج
usage-none = لا استدعاءات للمزوّد في هذه الفترة. تُحسب استدعاءات كل إجابة من الآن فصاعدًا، على هذا الجهاز فقط.
usage-model = النموذج
usage-calls = الاستدعاءات
usage-tokens-in = رموز الإدخال
usage-tokens-out = رموز الإخراج
usage-price = السعر لكل مليون (إدخال / إخراج)
usage-cost = التكلفة
usage-intro = الرموز كما أبلغ عنها المزوّدون. الأسعار تُدخلها أنت، لكل مليون رمز بأي عملة؛ وتبقى على هذا الجهاز.
usage-label = الاستخدام
usage-period = الفترة
usage-export-csv = صدِّر CSV

## Settings: web search
web-search-heading = البحث في الويب
web-search-intro = تسأل أداة web_search هذه الخدمة وتستشهد بكل نتيجة تستخدمها. يجب أن يسمح SearXNG لهذا الموقع (CORS) وبصيغة JSON؛ أما واجهة Brave فلا تسمح لأي صفحة ويب، لذا تعمل في إضافة المتصفح فقط.
web-search-service = الخدمة
web-search-address = العنوان
web-search-api-key = مفتاح API
web-search-token = الرمز (اختياري)
web-search-results = النتائج لكل بحث
web-search-safe = البحث الآمن
web-search-safe-off = متوقف
web-search-safe-moderate = معتدل
web-search-safe-strict = صارم
web-search-save = احفظ إعدادات البحث

## Welcome
welcome-heading = مرحبًا بك في Skein
welcome-intro = اختر من أين تأتي الإجابات. يبقى مفتاحك ومحادثاتك في هذا المتصفح.
welcome-providers = المزوّدون
welcome-address = العنوان (URL الأساسي)
welcome-api-key = مفتاح API
welcome-api-key-optional = مفتاح API (إن احتاجه الخادم)
welcome-connect = اتصل
welcome-connecting = جارٍ الاتصال…
welcome-no-models = متصل، لكن المزوّد لا يسرد أي نماذج: اختر واحدًا من الإعدادات الكاملة.
welcome-model = النموذج
welcome-start = ابدأ المحادثة
welcome-all-settings = كل الإعدادات
welcome-all-settings-detail = — الترويسات المخصصة والمهل والبدائل والمساعدون والمعرفة والنسخ الاحتياطية. أو
welcome-look-around = تجوّل أولًا

## Workflows: editor
workflow-step-title = العنوان
workflow-step-kind = النوع
workflow-kind-question = سؤال
workflow-step-ask = اسأله
workflow-step-opening = الموجِّه الافتتاحي (ما تسأله الجولة الأولى)
workflow-step-partner = كيف يشارك شريك الحوار (اختياري)
workflow-step-moderator = متى ينهي المنسّق الخطوة (اختياري)
workflow-step-rounds = حد الجولات
workflow-step-partner-model = نموذج الشريك (فارغ: نموذج المحادثة)
workflow-step-moderator-model = نموذج المنسّق (فارغ: نموذج المحادثة)
workflow-move-up = انقل لأعلى
workflow-move-down = انقل لأسفل
workflow-remove-step = أزل الخطوة
workflow-editor-label = حرّر سير العمل
workflow-name = الاسم
workflow-description = الوصف
workflow-runs-keep = تحتفظ العمليات التي بدأت بالخطوات التي بدأت بها.
workflow-add-question = أضف سؤالًا
workflow-add-dialogue = أضف حوارًا
workflow-save = احفظ سير العمل
workflow-back = عُد إلى سير العمل

## Usage (continued)
usage-last-7 = آخر 7 أيام
usage-last-30 = آخر 30 يومًا
usage-last-90 = آخر 90 يومًا
usage-everything = كل شيء
usage-cost-total = التكلفة { $cost }
usage-unpriced = بلا سعر (مستبعد من التكلفة): { $models }.
usage-price-in-label = { $model }: السعر لكل مليون رمز إدخال
usage-price-out-label = { $model }: السعر لكل مليون رمز إخراج

## Welcome (continued)
welcome-use = استخدم { $name }

## Workflows (continued)
workflow-kind-dialogue = جولات حوار
workflow-mode-stock = كما كُتب
workflow-mode-phrased = يصوغه النموذج من الإجابات السابقة
workflow-step-context-none = سياق هذه الخطوة: لا شيء سوى سياق العملية
workflow-step = الخطوة { $n }
workflow-rounds-hint = في كل جولة: تجيب أنت، ويرد الشريك، ويقرر المنسّق إن كانت ستتبعها جولة أخرى (بحد أقصى { $max }).
workflow-editor-heading = حرّر { $name }

## World books: entry choices
lore-position-before = قبل موجِّه النظام (قبل الشخصية)
lore-position-after = بعد موجِّه النظام (بعد الشخصية)
lore-position-top = في أعلى المحادثة
lore-position-last-user = قبل آخر رسالة من المستخدم
lore-position-depth = على عمق معين بين الرسائل
lore-position-an-top = ملاحظة المؤلف، في الأعلى (العمق 4)
lore-position-an-bottom = ملاحظة المؤلف، في الأسفل (العمق 4)
lore-position-em-top = قبل الحوار النموذجي
lore-position-em-bottom = بعد الحوار النموذجي
lore-logic-and-any = وأيٌّ منها
lore-logic-and-all = وكلها
lore-logic-not-any = ولا شيء منها
lore-logic-not-all = وليس كلها
role-system = النظام
role-user = المستخدم
role-assistant = المساعد
usage-summary = { $calls ->
    [one] استدعاء واحد
    [two] استدعاءان
    [few] { $calls } استدعاءات
   *[other] { $calls } استدعاءً
} · { $in } رمز إدخال · { $out } إخراج
usage-unfinished = { $n } لم تكتمل
welcome-local-running = يعمل على هذا الحاسوب ({ $n ->
    [one] نموذج واحد
    [two] نموذجان
    [few] { $n } نماذج
   *[other] { $n } نموذجًا
}). لا حاجة إلى مفتاح، ولا يغادر شيء الجهاز.
welcome-connected = متصل: { $n ->
    [one] نموذج واحد
    [two] نموذجان
    [few] { $n } نماذج
   *[other] { $n } نموذجًا
}.
workflow-step-context = سياق هذه الخطوة: { $n } مختارة

## Workflows: a run
workflow-run-you = أنت:
workflow-run-partner = الشريك:
workflow-run-phrased-title = صاغه النموذج من إجاباتك السابقة
workflow-run-phrased = مصاغ
workflow-run-moderator = ملخص المنسّق:
workflow-run-end-dialogue = أنهِ هذا الحوار
workflow-run-working = جارٍ العمل…
workflow-run-try-again = حاول مجددًا
workflow-run-complete = اكتملت هذه العملية. تتوقف هنا؛ تابعها كمحادثة لمناقشة إجاباتها.
workflow-run-open-chat = افتح محادثتها
workflow-run-continue-chat = تابع كمحادثة
workflow-run-waiting = بانتظار المتابعة.
workflow-run-continue = تابع
workflow-run-stop = أوقف
workflow-run-export-markdown = صدِّر Markdown
workflow-run-export-json = صدِّر JSON
workflow-run-all = كل مسارات العمل

## Workflows: screen
workflow-gone = لم يعد سير العمل هذا محفوظًا.
workflow-start-label = ابدأ عملية
workflow-context = سياق لكل خطوة (اختياري)
workflow-context-none = لا محادثات سابقة ولا قواعد معرفة بعد.
workflow-start-run = ابدأ العملية
workflow-cancel = إلغاء
workflow-new = سير عمل جديد
workflow-import = استورد سير عمل
workflow-draft-hint = أو صِف هدفًا في سطر، ويصوغ النموذج الخطوات لتحرّرها
workflow-draft-placeholder = الاستعداد لمقابلة عمل
workflow-drafting = جارٍ الصياغة…
workflow-draft = صِغ بالنموذج
workflow-heading = مسارات العمل
workflow-none = لا مسارات عمل بعد. يقودك سير العمل عبر أسئلة وجولات حوار يديرها منسّق، ويحفظ إجاباتك.
workflow-start = ابدأ
workflow-edit = تحرير
workflow-duplicate = كرّر
workflow-export = تصدير
workflow-delete = احذف
workflow-runs = العمليات
workflow-no-runs = لا عمليات بعد.
workflow-open = افتح
workflow-run-gone = لم تعد هذه العملية محفوظة.
workflow-back-to-chat = عُد إلى المحادثة

## Workspace files
workspace-label = ملفات هذه المحادثة
workspace-close = أغلق الملفات
workspace-intro = يقرأ المساعد هذه الملفات ويكتبها بأدوات مساحة العمل (فعّلها من الإعدادات ← المساعدون؛ والكتابة تسألك أولًا). ملفات Markdown في skills/ مهارات يمكنه تحميلها. وتُحفظ مخرجات الأدوات الطويلة في tool_outputs/.
workspace-folder = إلى المجلد (فارغ: الأعلى؛ skills/ للمهارات)
workspace-folder-placeholder = مثلًا skills
workspace-upload = ارفع ملفًا
workspace-reading = جارٍ قراءة الملفات…
workspace-none = لا ملفات بعد.
workspace-files = الملفات
workspace-view = اعرض
workspace-download = نزّل
workspace-delete = احذف

## World books: editor
lore-tag-off = متوقف
lore-tag-always = دائم
lore-title = العنوان
lore-enabled = مفعّل
lore-constant = مفعّل دائمًا (ثابت)
lore-keys = المفاتيح، مفصولة بفواصل (/pattern/i لتعبير نمطي)
lore-case-sensitive = حساس لحالة الأحرف
lore-whole-words = كلمات كاملة فقط
lore-secondary-keys = مفاتيح ثانوية (اختياري)
lore-logic = حين يطابق مفتاح، فعِّل…
lore-content = المحتوى (ما يُخبَر به النموذج)
lore-position = الموضع
lore-depth = العمق (0: بعد الأخيرة)
lore-role = بصفة
lore-order = الترتيب
lore-priority = الأولوية
lore-chance = الاحتمال (%)
lore-scan-depth = عمق المسح
lore-order-hint = حين تلتقي المداخل يأتي الترتيب الأدنى أولًا؛ وحين تضيق الميزانية تُحفظ الأولوية الأعلى أولًا؛ وعمق المسح الفارغ يستخدم عمق الكتاب.
lore-exclude-recursion = لا يُعثر عليه عبر مداخل أخرى
lore-prevent-recursion = نصه لا يفعّل مداخل أخرى
lore-remove-entry = أزل المدخل
world-book-editor-label = حرّر كتاب العالم
world-book-name = الاسم
world-book-description = الوصف
world-book-scan-depth = عمق المسح (رسائل)
world-book-budget = ميزانية الرموز
world-book-recursive = تكراري: يمكن لنص المداخل أن يفعّل مداخل أخرى
world-book-add-entry = أضف مدخلًا
world-book-save = احفظ كتاب العالم
world-book-back = عُد إلى القائمة

## World books: list
world-books-label = كتب العالم
world-books-import = استورد World Info
world-books-new = كتاب عالم جديد
world-books-intro = ملفات SillyTavern World Info (والكتب المصدَّرة من بطاقات الشخصيات). تُفعَّل المداخل حين تظهر مفاتيحها في الرسائل الأخيرة؛ وتستخدم المحادثة الكتب المفعّلة في كل مكان، وكتاب شخصيتها، وكتابها الخاص.
world-books-none = لا كتب عالم بعد.
world-books-everywhere = مفعّل في كل محادثة

## Workflows (with placeholders)
workflow-moderator-another = المنسّق: جولة أخرى — { $prompt }
workflow-moderator-finished = المنسّق: انتهى.
workflow-round = الجولة { $n }: { $prompt }
workflow-waiting-question = جارٍ صياغة السؤال التالي…
workflow-waiting-partner = شريك الحوار يجيب…
workflow-waiting-moderator = المنسّق يقرر…
workflow-waiting-save = جارٍ الحفظ…
workflow-progress = الخطوة { $step } من { $total } · أُنجز { $done }
workflow-progress-complete = اكتمل · { $total } خطوات
workflow-progress-continued = اكتمل · تُوبع كمحادثة
workflow-your-answer-to = إجابتك: { $prompt }
workflow-send = أرسل
workflow-your-answer = إجابتك
workflow-answer = أجب
workflow-run-label = عملية { $name }
workflow-status-active = قيد التنفيذ: أُنجز { $done } من { $total } خطوات
workflow-status-complete = اكتمل
workflow-status-continued = اكتمل، وتُوبع كمحادثة
workflow-start-heading = ابدأ { $name }
workflow-start-steps = { $n } خطوات. تحتفظ العملية بهذه الخطوات حتى لو حُرّر سير العمل لاحقًا.
workflow-steps = { $n } خطوات

## World books (with placeholders)
lore-entry-default-name = المدخل { $n }
world-book-editor-heading = حرّر { $name }
world-book-entries-hint = { $n } مداخل. افتح واحدًا لتحريره.
workspace-file-label = الملف { $path }

## Forms: checks and errors
assistant-form-out-of-range = يجب أن تكون { $field } { $range }، أو فارغة للقيمة الافتراضية.
assistant-field-temperature = درجة الحرارة
assistant-range-temperature = بين 0 و2
assistant-field-top-p = Top-p
assistant-range-top-p = بين 0 و1
assistant-field-max-tokens = الحد الأقصى لرموز الإخراج
assistant-range-max-tokens = عددًا صحيحًا أكبر من 0
assistant-field-threshold = حد السياق
assistant-range-threshold = 1000 رمز على الأقل
assistant-form-needs-name = أعطِ المساعد اسمًا.
character-editor-needs-name = تحتاج الشخصية إلى اسم.
attachment-image = صورة { $format }، { $size }
attachment-text = نص، { $size }

## Branch map (with placeholders)
branch-map-empty = لا رسائل بعد.
branch-map-one-branch = { $messages } رسالة على فرع واحد: أعد توليد إجابة أو حرّر سؤالًا لإنشاء نسخة أخرى.
branch-map-branches-summary = { $messages } رسالة على { $branches } فروع.
branch-map-folded = { $count } رسائل أخرى بلا نسخ أخرى
branch-map-folded-show = { $text }: اعرضها
branch-map-row-version = ، النسخة { $n } من { $of }
branch-map-you = أنت
branch-map-assistant = المساعد
branch-map-system = النظام

## Context meter (with placeholders)
context-meter-summary-covers = ملخص يحل محل أول { $messages } رسالة
context-meter-summary = الملخص
context-meter-of-window = ≈ { $used } من { $window } رمزًا · يلخّص بعد { $threshold }
context-meter-of-threshold = ≈ { $used } من { $threshold } رمزًا قبل التلخيص

## Find, MCP, messages, knowledge (continued)
find-no-matches = لا تطابقات
find-position = { $current } من { $total }
mcp-tool-read-only = يعمل وحده (للقراءة فقط)
mcp-tool-asks = يسأل أولًا
message-stopped = توقفت: هذه الإجابة غير مكتملة.
message-paused = متوقفة مؤقتًا: استدعاء أداة بانتظار موافقتك.
knowledge-pasted-text = نص ملصق

## The app's frame
app-offline-title = لا اتصال: ما زالت محادثاتك والبحث والإعدادات والتصدير تعمل؛ وتنتظر الرسائل حتى تعود متصلًا.
app-offline = غير متصل
app-find-title = ابحث في هذه المحادثة (Ctrl+Shift+F)
app-find = بحث
app-branches-title = كل رسالة ونسخها
app-this-chat-title = شخصية هذه المحادثة وموجِّه نظامها
app-follow-ups-title = ما وعدت الإجابات بمتابعته
app-workflows-title = أسئلة موجَّهة وجولات حوار يديرها منسّق
app-settings = الإعدادات
app-confirm-delete-message = أتحذف هذه الرسالة وكل ما بعدها في هذا الفرع؟
app-this-panel = هذه اللوحة
app-export = التصدير
app-loading = جارٍ التحميل…
settings-assistant-in-use = المساعد المستخدم
settings-new-assistant = مساعد جديد
settings-delete-assistant = احذف المساعد
settings-memory-tool = الذاكرة: قد يتذكر المساعد حقائق عنك (يسألك كل تغيير أولًا، ما لم تغيّر ذلك من أدواته)

## The app's frame (with placeholders)
app-follow-ups-label = المتابعات ({ $n } مفتوحة)
app-screen-load-failed = تعذّر تحميل { $screen }: يُجلب هذا الجزء من Skein عند فتحه أول مرة، ولم تستجب الشبكة أو الموقع. بياناتك لم تُمس.

## Notices: attachments, characters, conversations, dictionaries
notice-too-many-attachments = يمكن للرسالة أن تحمل { $MAX_ATTACHMENTS } مرفقات على الأكثر؛ واستُبعد "{ $file }".
notice-file-unreadable = تعذّرت قراءة "{ $file }": { $err }
notice-character-imported = استُورد { $character } من { $name }.
notice-not-imported = لم يُستورد { $name }: { $err }
notice-exported = صُدِّر { $file }.
notice-card-export-failed = تعذّر تصدير البطاقة: { $err }
notice-no-own-book = ليس لـ { $name } كتاب خاص.
notice-saved-name = حُفظ { $name }.
confirm-delete-character = أتحذف الشخصية { $name }؟ تبقى محادثاتها وتستمر مع المساعد الافتراضي.
notice-deleted-name = حُذف { $name }.
notice-search-failed = فشل البحث: { $err }
notice-delete-failed = تعذّر حذف المحادثة (عادت إلى القائمة): { $err }
dictionary-default-name = القاموس { $n }
confirm-delete-dictionary = أتحذف القاموس { $name }؟ ستتوقف المحادثات والمساعدون الذين يستخدمونه عن استخدامه.
notice-embedding-progress = جارٍ تضمين { $base }: { $done } من { $total } مقطعًا…

## Notices: the extension, files
notice-menu-unreachable = لا تصل الأسئلة من قائمة الصفحة إلى هذه اللوحة: { $err }
notice-host-granted = يمكن لـ Skein الآن الوصول إلى { $pattern }.
notice-host-ask-failed = تعذّر على Skein طلب إذن الوصول إلى { $pattern }: { $err }
notice-host-revoked = لم يعد بإمكان Skein الوصول إلى { $pattern }.
notice-host-kept = أبقى المتصفح إذن Skein بالوصول إلى { $pattern }.
notice-host-revoke-failed = تعذّر على Skein التخلي عن إذن الوصول إلى { $pattern }: { $err }
notice-page-attached = «{ $title }» مرفقة: اسأل عنها.
notice-page-unreadable = تعذّرت قراءة الصفحة: { $reason }
notice-export-failed = تعذّر حفظ التصدير: { $err }
notice-backup-failed = تعذّر إنشاء النسخة الاحتياطية: { $err }
notice-file-read-failed = تعذّرت قراءة الملف: { $err }

## Notices: follow-ups, storage, models, tools, usage
follow-up-notification = متابعة: { $text }
follow-up-notification-title = متابعة: { $title }
notice-reminder-failed = تعذّر عرض التذكير إشعارًا: { $err }
follow-up-reminded-at = ذُكِّرت في { $time }
follow-up-reminds-at = سيذكّرك في { $time }
notice-not-a-date = «{ $value }» ليس تاريخًا ووقتًا.
notice-reminder-set = سيذكّرك Skein في { $time }.
notice-update-failed = لا يمكن تشغيل الإصدار الجديد: { $err }
notice-knowledge-unreadable = تعذّرت قراءة "{ $file }": { $err }
notice-notification-failed = تعذّر عرض الإشعار: { $err }
notice-storage-unavailable = لا يستطيع Skein فتح تخزينه المحلي، فلا يمكن حفظ شيء: { $err }
notice-generation-load-failed = تعذّر على Skein تحميل الجزء الذي يكتب الإجابات، فلم يُرسَل شيء. تحقّق من الاتصال (أو أعد تحميل الصفحة) وحاول مجددًا.
notice-inspector-load-failed = تعذّر على Skein تحميل الجزء الذي يبني الطلبات. تحقّق من الاتصال (أو أعد تحميل الصفحة) وحاول مجددًا.
notice-tools-load-failed = تعذّر على Skein تحميل الجزء الذي يعمل بالأدوات والملفات والمعارف، فلم يُنفَّذ شيء. تحقّق من الاتصال (أو أعد تحميل الصفحة) وحاول مجددًا.
notice-sync-load-failed = تعذّر على Skein تحميل الجزء الذي يتولى المزامنة، فلم تتم مزامنة شيء. تحقّق من الاتصال (أو أعد تحميل الصفحة) وحاول مجددًا.
notice-image-failed = لا يمكن عرض صورة: { $err }
notice-models-failed = تعذّر سرد النماذج: { $err }
notice-answer-unsaved = ما زالت إجابة غير محفوظة (تبقى على الشاشة): { $err }
notice-server-not-saved = لم يُحفظ { $name }: { $err }
notice-server-error = { $name }: { $err }
notice-usage-unreadable = تعذّرت قراءة الاستخدام: { $err }
notice-price-error = { $model }: { $err }
notice-usage-export-failed = تعذّر تصدير الاستخدام: { $err }

## Notices: welcome, workflows, workspace, world books
welcome-needs-key = يحتاج { $provider } إلى مفتاح API: الصقه في الأعلى.
welcome-connected-to = متصل بـ { $provider }. اسأل ما تشاء؛ الإعدادات الكاملة في «الإعدادات».
workflow-default-name = سير العمل { $n }
notice-workflow-imported = استُورد { $workflow } ({ $steps } خطوات) من { $name }.
confirm-delete-workflow = أتحذف سير العمل { $name }؟ تبقى عملياته.
notice-file-stored = خُزِّن { $path }.
notice-not-text = هذا ليس ملفًا نصيًا ({ $bytes } بايت): نزّله لفتحه.
notice-file-downloaded = نُزِّل { $path }.
notice-file-deleted = حُذف { $path }.
notice-imported-entries = استُورد { $item } ({ $entries } مداخل) من { $name }.
world-book-default-name = كتاب العالم { $n }
confirm-delete-book = أتحذف كتاب العالم { $name }؟ ستتوقف المحادثات والشخصيات التي تستخدمه عن استخدامه.
notice-book-export-failed = تعذّر تصدير الكتاب: { $e }

## Notices (continued)
notice-server-removed = أُزيل الخادم.
notice-server-off = هذا الخادم متوقف.
inspector-about-next = الطلب التالي، بما في مربع الكتابة الآن. لا يُرسل شيء.
inspector-about-regenerate = الطلب الذي ستُجريه إعادة توليد هذه الإجابة الآن (تظهر الإعدادات أو الكتب التي تغيرت منذ كتابتها كما هي الآن). لا يُرسل شيء.
notice-no-reminder = لا تذكير.
notice-follow-up-done = تم.
notice-follow-up-reopened = فُتحت مجددًا.
notice-answer-failed = فشلت الإجابة.
notice-persona-next = تُستخدم الشخصية بدءًا من الإجابة التالية.
notice-chat-books-next = تُستخدم كتب العالم للمحادثة بدءًا من الإجابة التالية.
notice-chat-dictionaries-next = تُستخدم قواميس المحادثة بدءًا من الرسالة التالية.
notice-chat-prompt-saved = حُفظ: تستخدمه الإجابة التالية.
notice-storage-opening = ما زال التخزين يُفتح؛ حاول مجددًا بعد لحظة.
notice-tab-close-unwatched = لا يستطيع Skein مراقبة إغلاق التبويب، لذا قد تفقد إجابة تُبثّ حينها كلماتها الأخيرة: { $err }
notice-embedded-assistant-missing = تطلب الصفحة المساعد «{ $name }»، وهو غير موجود في هذا التخزين: تستخدم المحادثة «{ $used }».
notice-connectivity-unwatched = لا يستطيع Skein معرفة متى ينقطع الاتصال ومتى يعود، لذا لن تُرسَل الرسائل المكتوبة دون اتصال تلقائيًا: { $err }
notice-host-asking = اسمح لـ Skein بالوصول إلى { $pattern } في نافذة المتصفح: بصفته إضافة، لا يتصل Skein بمزوّد لا يسمح لصفحات الويب إلا بإذنك.
notice-host-refused = لا يمكن لـ Skein الوصول إلى { $pattern }: لم يُمنح إذن المتصفح. بصفته إضافة يحتاجه Skein للاتصال بمزوّد لا يسمح لصفحات الويب؛ احفظ المزوّد مجددًا ليُطلب الإذن مرة أخرى.
notice-image-missing = صورة من هذه المحادثة مفقودة من التخزين.
notice-summarised = لُخِّص. يرسله الطلب التالي.
notice-summary-saved = حُفظ. يرسل الطلب التالي نسختك.
notice-summary-reset = أُعيد الضبط. يرسل الطلب التالي الفرع كاملًا.
notice-chat-kept = احتُفظ بها: تُحفظ هذه المحادثة مثل غيرها.
notice-workflow-drafted = مسودة النموذج: حرّرها ثم احفظها.
confirm-delete-run = أتحذف هذه العملية وإجاباتها؟
notice-run-deleted = حُذفت العملية.
notice-book-new = كتاب عالم جديد: أضف مداخله.
notice-book-everywhere = مفعّل في كل محادثة بدءًا من الإجابة التالية.
notice-book-not-everywhere = لم يعد مفعّلًا في كل محادثة.
notice-dictionary-new = قاموس جديد: أضف مداخله.
notice-conversations-imported = استُوردت { $count ->
    [one] محادثة واحدة
    [two] محادثتان
    [few] { $count } محادثات
   *[other] { $count } محادثة
} من { $name }.
notice-server-answered = أجاب { $name } بـ{ $count ->
    [one] أداة واحدة
    [two] أداتين
    [few] { $count } أدوات
   *[other] { $count } أداة
}.
follow-up-deleted-chat = محادثة محذوفة
notice-deleted = حُذف.
notice-duplicated = كُرِّر.

## Dates in the conversation list
date-today = اليوم
date-yesterday = أمس
date-previous-7-days = الأيام السبعة الماضية
date-previous-30-days = الأيام الثلاثون الماضية

## The line under an answer
answer-model-via = { $model } عبر { $host }
answer-via = عبر { $host }
answer-tokens = { $in } رمز إدخال{ $cached ->
    [0] {""}
   *[other] {" "}({ $cached } من الذاكرة المؤقتة)
}، { $out } إخراج{ $reasoning ->
    [0] {""}
   *[other] {" "}({ $reasoning } للاستدلال)
}
answer-first-token = أول رمز { $seconds } ث
answer-speed = { $speed } رمز/ث
answer-planned = مخطَّط: { $plan }
plan-tools = الأدوات { $tools }
plan-more = { $names } و{ $more } أخرى
plan-knowledge = المعرفة
plan-memory = الذاكرة

## Summary (who and when)
summary-edited-made-by = حرّرته أنت في { $edited } (أنشأه { $model })
summary-edited = حرّرته أنت في { $edited }
summary-made-by = أنشأه { $model } في { $made }
summary-made = أُنشئ في { $made }
summary-covered-message = { $who }: { $text }
summary-covered-empty = { $who }: (بلا نص)

## Welcome: the providers' cards
preset-openai = نماذج GPT بمفتاح OpenAI API الخاص بك.
preset-anthropic = نماذج Claude بمفتاح Anthropic API الخاص بك.
preset-gemini = نماذج Gemini بمفتاح Google AI Studio.
preset-openrouter = مئات النماذج من مختبرات كثيرة بمفتاح OpenRouter واحد.
preset-ollama = نماذج تعمل على هذا الحاسوب عبر Ollama: بلا مفتاح، ولا يغادر شيء الجهاز.
preset-llamacpp = نموذج يقدّمه llama-server من llama.cpp على هذا الحاسوب: بلا مفتاح.
preset-other = vLLM أو LM Studio أو Groq أو Mistral أو DeepSeek أو أي خادم بواجهة على نمط OpenAI.
sentence-end = { "." }

failure-timeout = انتهت المهلة
failure-rate-limit = حد المعدل
failure-authentication = المصادقة
failure-server = خطأ في الخادم
failure-network = الشبكة أو CORS
failure-request = رُفض الطلب
failure-blocked = حظره المزوّد
failure-other = خطأ

preset-name-openai = OpenAI
preset-name-anthropic = Anthropic
preset-name-gemini = Google Gemini
preset-name-openrouter = OpenRouter
preset-name-ollama = Ollama
preset-name-llamacpp = خادم llama.cpp
preset-name-other = خادم آخر متوافق مع OpenAI

lore-why-always = مفعّل دائمًا
lore-why-key = «{ $key }» في { $place }
lore-why-key-and = «{ $key }» في { $place }، { $secondary }
lore-place-last = الرسالة الأخيرة
lore-place-before-last = الرسالة قبل الأخيرة
lore-place-back = الرسالة { $n } من النهاية
lore-place-entry = المدخل «{ $name }» (تكرار)
lore-secondary-any = ومعه { $keys }
lore-secondary-all = ومعه كل من { $keys }
lore-secondary-not-all = وليس معه كل من { $keys }
lore-secondary-none = وليس معه أي من { $keys }
inspector-lore-own-book = كتاب المعرفة الخاص بالمساعد
inspector-lore-chance = استُبعد بالصدفة (النتيجة { $roll }، والمطلوب { $chance } أو أقل)
inspector-lore-budget = استُبعد: نفدت ميزانية الرموز لهذا الكتاب
inspector-extra-images = { $count ->
    [zero] لا صور
    [one] صورة واحدة
    [two] صورتان
    [few] { $count } صور
   *[other] { $count } صورة
}
inspector-extra-call = يستدعي { $name }({ $arguments })
inspector-extra-result = نتيجة الاستدعاء { $id }

summary-refused-covered = الملخص يغطي بالفعل كل ما قبل سؤالك الأخير. عدّله، أو أعد ضبطه ولخّص من جديد.
summary-refused-nothing = لا شيء للتلخيص بعد: الملخص يحلّ محل الرسائل التي قبل سؤالك الأخير، ولا توجد أي رسالة منها.
summary-refused-failed = فشل التلخيص ({ $err })؛ لم تتغير المحادثة ولا ملخصها.
summary-refused-empty = لا يمكن أن يكون الملخص فارغًا؛ أعد ضبطه لإرسال المحادثة كاملة من جديد.
summary-refused-too-long = هذا الملخص أطول من { $max } حرف؛ اختصره.
summary-refused-no-summary = لا ملخص لهذا الفرع لتعديله (هل تغيّر؟)؛ لخّصه أولًا.

## Errors: what went wrong and what to do
error-chat-empty-message = اكتب رسالة أولًا.
error-chat-no-conversation = لا توجد محادثة للرد فيها؛ أرسل رسالة أولًا.
error-chat-empty-title = لا يمكن أن يكون العنوان فارغًا.
error-chat-unknown-conversation = لم تعد هذه المحادثة محفوظة (هل حُذفت في علامة تبويب أخرى؟).
error-chat-default-assistant = لا يمكن حذف المساعد الافتراضي؛ غيّر إعداداته بدلًا من ذلك.
error-chat-tree = الرسائل المحفوظة لهذه المحادثة تالفة ({ $err })؛ لم يتغير شيء.
error-chat-no-such-answer = لا يوجد رد "{ $id }" هنا.
error-chat-not-awaiting-decision = استدعاء الأداة هذا لا ينتظر قرارًا.
error-chat-temporary-busy = انتظر حتى يكتمل الرد، ثم احتفظ بالمحادثة.
error-chat-temporary-not-kept = تعذّر الاحتفاظ بهذه المحادثة، وما زالت مؤقتة: { $err }
error-settings-base-url = يجب أن يبدأ عنوان URL الأساسي بـ http:// أو https:// وأن يحدد مضيفًا (القيمة الحالية "{ $got }").
error-settings-missing-model = اختر اسم نموذج في الإعدادات (مثل gpt-4o-mini أو llama3.2).
error-settings-api-key = يجب أن يكون مفتاح API سطرًا واحدًا بلا مسافات.
error-settings-no-embeddings = لا تملك Anthropic واجهة تضمينات: اختر مزودًا متوافقًا مع OpenAI أو Gemini للتضمينات.
error-settings-custom-header = الترويسة المخصصة "{ $name }" غير صالحة: الاسم حروف وأرقام و-، والقيمة سطر واحد.
error-settings-custom-body = المتن المخصص غير صالح: { $why }.
error-store-quota = مساحة تخزين المتصفح ممتلئة ({ $detail }). أفرغ بعض المساحة (احذف محادثات قديمة أو بيانات مواقع) وحاول مجددًا؛ لم يُفقد شيء مما حُفظ.
error-store-unavailable = التخزين المحلي غير متاح: { $detail }. النوافذ الخاصة وبعض إعدادات المتصفح تمنعه.
error-store-corrupt = تعذّرت قراءة سجل محفوظ ({ $detail })؛ تُرك دون مساس.
error-store-other = فشل الحفظ: { $detail }
error-sync-unreachable = تعذّر الوصول إلى خادم المزامنة ({ $detail }). تحقّق من عنوانه ومن اتصالك؛ لم يتغير شيء.
error-sync-unauthorized = رفض خادم المزامنة اسم المستخدم أو كلمة المرور (HTTP { $status }).
error-sync-http = أجاب خادم المزامنة بـ HTTP { $status } على { $what }: { $detail }
error-sync-bad-answer = تعذّرت قراءة ردّ خادم المزامنة ({ $detail }).
error-sync-wrong-passphrase = عبارة المرور هذه لا تفتح المحادثات المزامَنة مع هذا الخادم. لم يتغير شيء.
error-sync-empty-passphrase = أدخل عبارة مرور: فهي تشفّر محادثاتك قبل أن تغادر هذا المتصفح.
error-sync-unknown-format = يحتفظ خادم المزامنة ببيانات بصيغة لا يعرفها هذا الإصدار ({ $detail })؛ لم يتغير شيء.
error-sync-crypto = فشل التشفير: { $detail }
error-tree-unknown-id = لا توجد رسالة بالمعرّف { $id } في هذه المحادثة.
error-tree-duplicate-id = رسالتان تتشاركان المعرّف { $id }.
error-tree-orphan = الرسالة { $id } تشير إلى رسالة أصل ({ $parent }) غير موجودة.
error-tree-cycle = الرسالة { $id } سلفٌ لنفسها (حلقة في شجرة المحادثة).
error-tree-wrong-conversation = الرسالة { $id } تنتمي إلى المحادثة { $found }، لا إلى { $expected }.
error-tree-moved = لا يمكن للرسالة { $id } أن تغيّر موضعها في الشجرة أو محادثتها.
error-tree-wrong-role = الرسالة { $id } رسالة من { $found }؛ والمطلوب رسالة من { $expected }.
error-assistant-template = قالب رسائل المساعد غير صالح. { $err }
error-rule-pattern = نمط القاعدة "{ $name }" ليس تعبيرًا نمطيًا صالحًا: { $why }
error-template-unclosed = خطأ في القالب عند الحرف { $at }: ‏`{ $opener }` لم يُغلق.
error-template-unknown-variable = خطأ في القالب عند الحرف { $at }: متغير غير معروف `{ $name }` (المعروفة: { $known }).
error-template-unknown-directive = خطأ في القالب عند الحرف { $at }: توجيه غير معروف `{ $directive }`.
error-template-unmatched = خطأ في القالب عند الحرف { $at }: ‏`{ $directive }` بلا `if` مطابق.
error-template-missing-endif = خطأ في القالب: ‏`if` المفتوح عند الحرف { $at } ليس له `endif`.
error-import = لا يمكن استيراد هذا الملف: { $at }: { $problem }. لم يُستورد شيء.
import-problem-file-too-large = { $size } ميبيبايت أكثر من { $max } ميبيبايت
import-problem-not-json = ليس JSON ‏({ $why })
import-problem-unknown-format = ليس تصديرًا لمحادثة من Skein ولا ملف conversations.json من ChatGPT
import-problem-too-many = أكثر من { $max } رسالة
import-problem-text-too-large = { $size } بايت من النص؛ الحد الأقصى { $max }
import-problem-version = الإصدار { $version } ليس مما يقرؤه Skein هذا (حتى { $supported })
import-problem-not-a-list = مفقود، أو ليس قائمة
import-problem-not-text = مفقود، أو ليس نصًا
import-problem-not-an-object = مفقود، أو ليس كائنًا
import-problem-other-conversation = ينتمي إلى محادثة أخرى
import-problem-cycle = الرسائل الأصل تشكّل حلقة
import-problem-missing-parent = "{ $id }" غير موجود في الملف
error-attachment-unsupported = "{ $name }" ليس صورة أو مستندًا نصيًا يمكن لـ Skein إرفاقه. أرفق صور PNG أو JPEG أو GIF أو WebP، أو ملفات نصية (نص عادي، Markdown، شيفرة، CSV، JSON).
error-attachment-too-large = حجم "{ $name }" ‏{ $size } ميغابايت؛ والحد الأقصى لهذا النوع من المرفقات { $limit } ميغابايت.
error-attachment-too-many = يمكن أن تحمل الرسالة { $max } مرفقات على الأكثر؛ أزل بعضها أولًا.
error-persona-no-name = تحتاج الشخصية إلى اسم: فهو ما يمثله { "{" }{ "{" }user{ "}" }{ "}" }.
error-persona-name-too-long = اسم الشخصية أطول من { $max } حرفًا.
error-persona-description-too-long = وصف الشخصية أطول من { $max } حرفًا.
expected-an-object = كائنًا
expected-text = نصًا
expected-list-of-texts = قائمة نصوص
expected-true-or-false = true أو false
expected-number = رقمًا
expected-whole-number = عددًا صحيحًا
expected-text-not-empty = نصًا غير فارغ
error-dictionary-too-large = ملف القاموس أكبر من { $max } ميغابايت.
error-dictionary-not-text = ملف القاموس ليس نصًا بترميز UTF-8.
error-dictionary-json = ملف القاموس ليس JSON صالحًا: { $why }
error-dictionary-shape = هذا ليس قاموس محادثة: المتوقع صيغة قاموس Skein، أو كائن من "كلمة": "بديل"، أو قائمة مدخلات.
error-dictionary-too-many = يحتوي القاموس على أكثر من { $max } مدخل.
error-dictionary-field = المدخل { $entry } في القاموس: يجب أن يكون `{ $field }` { $expected }.
error-dictionary-pattern = المدخل { $entry } في القاموس له نمط ليس تعبيرًا نمطيًا صالحًا: { $why }
error-world-too-large = كتاب العالم أكبر من { $max } ميغابايت.
error-world-not-text = كتاب العالم ليس نصًا بترميز UTF-8.
error-world-json = كتاب العالم ليس JSON صالحًا: { $why }
error-world-no-entries = هذا ليس كتاب عالم من SillyTavern: لا يحتوي على `entries`.
error-world-too-many = يحتوي كتاب العالم على أكثر من { $max } مدخل.
error-world-field = المدخل { $entry } في كتاب العالم: يجب أن يكون `{ $field }` { $expected }.
error-world-pattern = المدخل { $entry } في كتاب العالم له مفتاح ليس نمطًا صالحًا: { $why }
error-card-too-large = البطاقة أكبر من { $max } ميغابايت.
error-card-no-card-in-png = صورة PNG هذه لا تحمل بطاقة شخصية (لا يوجد فيها نص `chara` أو `ccv3`).
error-card-bad-base64 = البطاقة في صورة PNG هذه ليست base64 صالحًا.
error-card-not-text = البطاقة ليست نصًا بترميز UTF-8.
error-card-json = البطاقة ليست JSON صالحًا: { $why }
error-card-not-a-card = هذه ليست بطاقة شخصية: إنها JSON، لكنها ليست كائنًا له اسم أو كائن `data`.
error-card-unknown-spec = صيغة بطاقة غير معروفة `{ $spec }`: يقرأ Skein الصيغتين chara_card_v2 وchara_card_v3.
error-card-field = يجب أن يكون `{ $field }` في البطاقة { $expected }.
error-card-too-many = يحتوي `{ $field }` في البطاقة على أكثر من { $max } عنصر.
error-card-no-name = البطاقة بلا اسم.
error-card-not-a-character = هذا المساعد ليس شخصية: الشخصيات وحدها تُصدَّر بطاقات.
error-png-not-png = هذه ليست صورة PNG.
error-png-truncated = ملف PNG مبتور (الكتلة { $chunk } تتجاوز نهاية الملف).
error-png-bad-checksum = ملف PNG تالف: الكتلة { $chunk } لا تطابق مجموعها الاختباري.
error-png-no-end = ملف PNG بلا نهاية (لا توجد كتلة IEND).
error-png-bad-keyword = يجب أن تكون الكلمة المفتاحية لنص PNG من 1 إلى 79 حرفًا من Latin-1 بلا بايت صفري.
error-mcp-server-no-name = أعطِ الخادم اسمًا: به تبدأ أسماء أدواته.
error-mcp-server-name-taken = "{ $name }" اسم خادم آخر بالفعل؛ ستتعارض أسماء الأدوات.
error-mcp-server-bad-url = يجب أن يبدأ العنوان بـ http:// أو https://.
error-mcp-server-bad-header = لا يمكن استخدام "{ $name }" اسمًا للترويسة: استخدم حروفًا وأرقامًا وشرطات، لا ترويسة يضبطها Skein بنفسه.
error-mcp-server-bad-secret = لا يمكن أن تحتوي قيمة الرمز أو الترويسة على فاصل أسطر.
error-mcp-unreachable = تعذّر الوصول إلى { $url }: { $detail }. تحقق من العنوان ومن أن الخادم يعمل. إن كان يعمل فقد لا يسمح بطلبات من هذه الصفحة (CORS): يجب أن يسمح الخادم بأصل هذا الموقع وأن يكشف الترويسة Mcp-Session-Id.
error-mcp-auth = رفض الخادم بيانات الاعتماد (HTTP { $status }). تحقق من الرمز أو الترويسة في إعدادات هذا الخادم.
error-mcp-http = أجاب الخادم بـ HTTP { $status }: { $detail }
error-mcp-protocol = لا يتحدث الخادم MCP كما هو متوقع: { $detail }.
error-mcp-rpc = أجاب الخادم بخطأ ({ $code }): { $message }
error-mcp-too-large = رد الخادم أكبر من { $max } ميبيبايت؛ لم تتم قراءته.
error-mcp-unsupported-version = يتحدث الخادم مراجعة MCP ‏{ $version }، وSkein لا يتحدثها (يتحدث { $stateless } و{ $list }).
error-mcp-cancelled = أُوقف الاستدعاء.
error-mcp-session-expired = أنهى الخادم الجلسة.
error-mcp-session-hidden = بدأ الخادم جلسة، لكن هذه الصفحة لا تستطيع قراءة ترويسة Mcp-Session-Id، فتُرفض كل الطلبات بعد الأول ({ $detail }). يجب أن يُدرج الخادم Mcp-Session-Id في Access-Control-Expose-Headers.
error-memory-empty = لا يمكن أن تكون الذكرى فارغة.
error-memory-too-long = الذكرى { $max } حرفًا على الأكثر؛ وهذه فيها { $chars }.
error-unavailable-request = تعذّر بناء هذا الطلب: { $err }
error-unavailable-world-book = لم يعد كتاب العالم هذا محفوظًا.
error-unavailable-dictionary = لم يعد هذا القاموس محفوظًا.
error-unavailable-follow-up = لم يعد سؤال المتابعة هذا محفوظًا (هل حُذف في علامة تبويب أخرى؟).
error-unavailable-workspace = لا تملك هذه الصفحة تخزينًا لمساحة العمل.
error-unavailable-bad-path = لا يمكن أن يكون "{ $text }" ملفًا: { $err }.
error-unavailable-no-file = لا يوجد ملف { $path }.
error-unavailable-not-stored = لم يُحفظ { $path }: { $err }.
error-path-empty = المسار فارغ
error-path-too-long = المسار أطول من { $max } حرفًا
error-path-too-deep = يتداخل المسار في أكثر من { $max } مجلدات
error-path-bad-segment = لا يمكن أن يكون "{ $segment }" جزءًا من مسار (لا "." ولا ".." ولا شرطات مائلة عكسية ولا محارف تحكم ولا أسماء تتجاوز { $max } حرفًا)
error-files-unavailable = لا يمكن استخدام تخزين الملفات في المتصفح هنا: { $detail }
error-files-full = تخزين المتصفح المخصص لـ Skein ممتلئ
error-files-too-large = الحد الأقصى للملفات { $max } ميبيبايت
error-workflow-no-goal = قل في سطر واحد بمَ يجب أن يساعد سير العمل.
error-workflow-no-draft = لا توجد مسودة: { $err }
error-workflow-bad-draft = لا يمكن استخدام مسودة النموذج: { $err }
error-workflow-run-gone = لم يعد هذا التشغيل محفوظًا (هل حُذف في علامة تبويب أخرى؟).
error-workflow-finish-first = أنهِ التشغيل أولًا؛ ثم يمكن أن يستمر كمحادثة.
error-workflow-template-gone = لم يعد قالب سير العمل هذا محفوظًا (هل حُذف في علامة تبويب أخرى؟).
error-workflow-no-name = يحتاج سير العمل إلى اسم.
error-workflow-no-steps = يحتاج سير العمل إلى خطوة واحدة على الأقل.
error-workflow-too-many-steps = لسير العمل { $max } خطوة على الأكثر.
error-workflow-empty-question = الخطوة { $step } بلا سؤال: اكتب ما يُسأل عنه المستخدم.
error-workflow-empty-prompt = الخطوة { $step } بلا موجّه افتتاحي: اكتب ما تسأله الجولة الأولى للمستخدم.
error-workflow-rounds = تسمح الخطوة { $step } بـ { $rounds } جولات؛ وخطوة الحوار لها من 1 إلى { $max }.
error-workflow-too-long = في الخطوة { $step } نص يتجاوز { $max } حرفًا؛ اختصره.
error-run-finished = انتهى هذا التشغيل؛ لا يمكن الرد فيه بعد الآن.
error-run-empty-answer = اكتب إجابة أولًا.
error-run-out-of-turn = التشغيل لا ينتظر ذلك الآن ({ $what })؛ أعد تحميله.
error-run-damaged = السجل المحفوظ لهذا التشغيل تالف ({ $what }).
error-ingest-unsupported = "{ $name }" ليس مستندًا يستطيع Skein قراءته: أضف ملفات نص عادي أو Markdown أو HTML أو PDF أو Word ‏(.docx)، أو الصق النص.
error-ingest-protected = "{ $name }" محمي بكلمة مرور: أزل الحماية وأضفه مجددًا.
error-ingest-damaged = "{ $name }" تالف أو ليس ملف { $kind } حقًا، لذا تعذّرت قراءة نصه.
error-ingest-no-text-layer = "{ $name }" بلا طبقة نص (مسح ضوئي أو صور لنص): مرّره عبر التعرف الضوئي على الحروف أولًا، أو الصق نصه.
error-ingest-not-text = "{ $name }" ليس نصًا بترميز UTF-8.
error-ingest-empty = "{ $name }" لا يحتوي نصًا لإضافته.
error-ingest-too-large = حجم "{ $name }" ‏{ $size } ميغابايت؛ والحد الأقصى لنص المستند 10 ميغابايت.
error-ingest-file-too-large = "{ $name }" أكبر من أن يُقرأ هنا (64 ميغابايت على الأكثر، وأجزاؤه 256 ميغابايت على الأكثر بعد فك الضغط).
error-knowledge-no-such-base = لم تعد قاعدة المعرفة هذه موجودة.
error-embeddings-failed = فشلت التضمينات لـ { $base } ‏({ $error })؛ يُبحث فيها بكلماتها حتى تعمل.
error-vector-dimension = لمتجه { $got } أبعاد بينما تستخدم قاعدة المعرفة هذه { $expected }.
error-vector-not-finite = يحتوي متجه على قيمة ليست عددًا منتهيًا.
error-transport-network = تعذّر الوصول إلى { $url }: { $detail }. تحقق من أن الخادم يعمل وأن عنوان URL الأساسي صحيح. إن كان كذلك فقد لا يسمح الخادم بطلبات من هذه الصفحة (CORS): في Ollama اضبط OLLAMA_ORIGINS، وفي llama.cpp والخوادم الأخرى فعّل CORS لأصل هذا الموقع.
error-transport-network-extension = تعذّر الوصول إلى { $url }: { $detail }. تحقّق من أن الخادم يعمل وأن عنوان URL الأساسي صحيح، وأن Skein مسموح له بالوصول إلى هذا الموقع: حفظ المزوّد يطلب ذلك من متصفحك، وتعرض الإعدادات ← المزوّدون المواقع التي يمكن لـ Skein الوصول إليها.
error-transport-interrupted = انقطع الاتصال بالمزود أثناء بث الرد: { $detail }
error-transport-aborted = أُوقف الطلب.
error-provider-http = { $advice } (HTTP { $status }) { $message }
provider-advice-validation = رفض المزود الطلب.
provider-advice-context-overflow = المحادثة أطول مما يحتمله هذا النموذج: اخفض عتبة السياق في إعدادات المساعد، أو اختر نموذجًا بنافذة أكبر.
provider-advice-authentication = رفض المزود مفتاح API: تحقق منه في الإعدادات.
provider-advice-permission = قد لا يُسمح لمفتاح API باستخدام هذا النموذج أو نقطة النهاية.
provider-advice-not-found = غير موجود: تحقق من عنوان URL الأساسي واسم النموذج في الإعدادات.
provider-advice-conflict = أبلغ المزود عن تعارض: حاول مجددًا.
provider-advice-rate-limited = قيّد المزود معدل الطلبات: انتظر لحظة وحاول مجددًا.
provider-advice-overloaded = المزود مثقل بالطلبات: حاول مجددًا بعد لحظة.
provider-advice-timeout = انتهت مهلة المزود: حاول مجددًا.
provider-advice-server = حدث خطأ في خادم المزود: حاول لاحقًا.
provider-advice-other = أعاد المزود حالة غير متوقعة.
error-provider-first-token-timeout = لم يرسل المزود شيئًا قبل انتهاء مهلة الرمز الأول. قد يحتاج نموذج الاستدلال إلى مهلة أطول (إعدادات المزود).
error-provider-idle-timeout = توقف وصول الرد (مهلة الخمول)؛ احتُفظ بما وصل.
error-provider-stream = أبلغ المزود عن خطأ أثناء الرد: { $detail }
error-provider-decode = أرسل المزود ردًا تعذّر على Skein قراءته: { $detail }
error-from-provider = { $provider }: { $err }
error-provider-malformed-event = أرسل المزوّد حدثًا لم يستطع Skein قراءته: { $detail }
error-provider-blocked = حجب المزود الرد ({ $reason }، مرشح أمان أو محتوى).
error-provider-invalid = لم يُرسل الطلب لأنه غير صالح: { $field }: { $problem }.
error-sse-line-too-long = أرسل المزود سطر بث أطول من { $limit } بايت؛ أُوقف الرد
error-sse-event-too-large = أرسل المزود حدث بث أكبر من { $limit } بايت؛ أُوقف الرد
error-tool-duplicate = أداتان تحملان الاسم "{ $name }"؛ لم تُضف الثانية.
error-tool-reserved = الاسم "{ $name }" محجوز لأداة مدمجة.
error-tool-empty-name = لأداة اسم فارغ.
error-price-not-a-number = أدخل سعر المليون رمز { $field ->
    [input] إدخال
   *[output] إخراج
} رقمًا، مثل 2.50.
error-price-out-of-range = يجب أن يكون سعر المليون رمز { $field ->
    [input] إدخال
   *[output] إخراج
} بين 0 و1,000,000.
error-price-no-model = يحتاج السعر إلى اسم النموذج.
error-provider-wait = { $err } يطلب المزود الانتظار { $seconds } ث قبل المحاولة مجددًا.
error-reply-truncated = انتهى الاتصال قبل أن يُنهي المزود الرد.
error-reply-length = بلغت الإجابة الحد الأقصى للطول المحدد لها (رموز الإخراج) قبل أن تكتمل. اضغط "متابعة" للحصول على الباقي.
error-reply-filtered = أوقف مرشّح المحتوى لدى المزوّد الإجابة.
error-reply-step-limit = توقف بعد { $steps } خطوات للنموذج دون رد نهائي؛ لم تُنفَّذ استدعاءات الأدوات في الخطوة الأخيرة. اضغط "متابعة" ليستمر.

## Warnings and notices
warning-provider-skipped = فشل { $host } مرارًا؛ يُستخدم المزود التالي مؤقتًا.
warning-trying-fallback = { $err } تجري المحاولة مع المزود الاحتياطي { $host }.
warning-rate-wait = انتظار { $seconds } ث التزامًا بالحد في الدقيقة المضبوط لهذا المزود.
warning-retrying = { $err } إعادة المحاولة بعد { $seconds } ث (المحاولة { $attempt } من { $of }).
warning-answer-not-saved = تعذّر حفظ الرد: { $err }
warning-answer-not-saved-streaming = تعذّر حفظ الرد أثناء البث: { $err }
warning-image-kept-in-text = تعذّر تخزين صورة في الرد على حدة ({ $err })؛ احتُفظ بها في النص.
warning-promise-not-kept = تعذّر حفظ وعد الرد كمتابعة: { $err }
warning-summary-not-saved = تعذّر حفظ ملخص المحادثة: { $err }
warning-summarising-failed = هذه المحادثة أطول من حد السياق وفشل تلخيص جزئها الأقدم ({ $err })؛ أُرسلت الرسائل الحديثة فقط.
warning-title-empty = كان عنوان النموذج لهذه المحادثة فارغًا؛ تحتفظ باسمها.
warning-no-title = تعذّر إعطاء هذه المحادثة عنوانًا: { $err }
warning-no-suggestions = لا توجد اقتراحات متابعة: { $err }
warning-tool-output-kept = تعذّر تخزين مخرجات أداة طويلة كملف ({ $err })؛ احتُفظ بها في الرسالة.
warning-tool-image-not-shown = تعذّر عرض صورة أعادتها الأداة { $tool }: { $err }
warning-usage-not-recorded = تعذّر تسجيل استهلاك هذا الاستدعاء: { $err }
warning-stream-broke = انقطع البث
warning-restarting = انقطع الرد ({ $err })؛ يُحتفظ به كنسخة سابقة، وتبدأ نسخة جديدة بعد { $seconds } ث.
notice-workspace-unreadable = تعذّرت قراءة مساحة العمل: { $err }.
notice-knowledge-failed = فشل استرجاع المعرفة لهذا الطلب ({ $err })؛ الرد بلا قاعدة المعرفة. قل ذلك إن كان السؤال يعتمد عليها.
notice-memory-failed = تعذّر الوصول إلى الذاكرة لهذا الطلب ({ $err }). إن كان الرد يعتمد على ما تتذكره عن المستخدم فقل ذلك بصدق؛ لا تخمّن.
notice-image-text-unreadable = تعذّرت قراءة النص في صورة: { $err }.
notice-image-unreadable = تعذّرت قراءة صورة مرفقة: { $err }.
notice-images-missing = { $count } من الصور المرفقة لم تعد محفوظة ولم تُرسل.
notice-images-left-out = لا يستطيع { $model } رؤية الصور ولا يوجد نموذج مضبوط لقراءتها له (الإعدادات ← المزودون)، لذا أُسقطت { $count } صورة من الطلب.
notice-knowledge-by-words = فشلت التضمينات ({ $why })؛ بُحث في المعرفة بكلماتها بدلًا من ذلك.
notice-knowledge-not-embedded = لم يُضمَّن أي جزء من المعرفة بالنموذج الحالي بعد؛ بُحث فيها بكلماتها بدلًا من ذلك.
notice-knowledge-embedding-mismatch = تضمين الاستعلام لا يطابق المخزَّنة ({ $err })؛ بُحث في المعرفة بكلماتها بدلًا من ذلك.
notice-memories-by-words = فشلت التضمينات ({ $err })؛ اختيرت الذكريات بكلماتها بدلًا من ذلك.
quoted = «{ $text }»

## Workflow runs
workflow-context-chat = المحادثة «{ $title }»
workflow-context-knowledge = قاعدة المعرفة «{ $name }»
workflow-notice-context-gone = لم تعد { $context } محفوظة؛ أُسقطت.
workflow-notice-knowledge-not-set-up = تعذّر البحث في { $context } (المعرفة غير مُعدّة)؛ أُسقطت.
workflow-notice-not-searched = تعذّر البحث في { $context } ({ $err })؛ أُسقطت.
workflow-notice-phrasing-empty = كانت إجابته فارغة أو ليست سؤالًا واحدًا
workflow-notice-not-phrased = تعذّر على النموذج صياغة هذا السؤال ({ $err })؛ يُعرض كما كُتب.
workflow-notice-round-limit = أراد المشرف جولة أخرى، لكن هذه الخطوة تسمح بـ { $max }؛ انتهت هنا.
workflow-failure-partner-empty = كان رد شريك الحوار فارغًا.
workflow-failure-partner = لم يُجب شريك الحوار: { $err }
workflow-failure-moderator-unusable = { $err } حاول مجددًا، أو أنهِ خطوة الحوار هذه.
workflow-failure-moderator = لم يُجب المشرف: { $err }
error-moderator-not-json = لم يُجب المشرف بـ JSON ‏({ $why }).
error-moderator-unknown-action = أجاب المشرف بإجراء غير معروف «{ $action }»؛ لا يمكنه إلا المتابعة أو الإنهاء.
error-moderator-no-next-prompt = قال المشرف أن نتابع دون أن يقول ما الذي يُسأل بعد ذلك.
workflow-file-too-large = هذا الملف أكبر من 1 ميبيبايت؛ قالب سير العمل أصغر بكثير.
workflow-file-not-text = هذا الملف ليس نصًا؛ قالب سير العمل بصيغة JSON.
workflow-file-not-json = هذا ليس قالب سير عمل: { $why }.
workflow-file-newer = كُتب هذا القالب بإصدار أحدث من Skein (إصدار الصيغة { $version })؛ حدّث Skein لاستيراده.
workflow-file-other-format = هذا ملف «{ $format }»، وليس قالب سير عمل.
workflow-file-unreadable = تعذّرت قراءة قالب سير العمل هذا: { $why }.
workflow-file-no-steps = لا يحتوي قالب سير العمل هذا على قائمة خطوات ("steps").
workflow-file-no-kind = الخطوة { $step } من نوع لا يعرفه Skein (بلا نوع)؛ الخطوة إما "question" أو "dialogue".
workflow-file-unknown-kind = الخطوة { $step } من نوع لا يعرفه Skein («{ $kind }»)؛ الخطوة إما "question" أو "dialogue".

## Exports
export-author-model = { $author } ({ $model })
export-no-result = (بلا نتيجة)
export-image = صورة
export-image-named = صورة: { $name }
export-document = مستند: { $name }
export-incomplete = غير مكتمل
export-failed = فشل: { $err }
export-unknown-error = خطأ
workflow-export-in-progress = قيد التنفيذ، أُنجزت { $done } من { $total } خطوات
workflow-export-completed = مكتمل
workflow-export-continued = مكتمل، واستمر كمحادثة
workflow-export-started = بدأ { $when }؛ { $status }.
workflow-export-context = السياق:
workflow-export-question = السؤال:
workflow-export-answer = الإجابة:
workflow-export-not-answered = لم تتم الإجابة بعد.
workflow-export-round = الجولة { $n }
workflow-export-asked = المطروح:
workflow-export-you = أنت:
workflow-export-partner = الشريك:
workflow-export-summary = ملخص المشرف:
workflow-export-finished = أنهى المشرف هذا الحوار.
workflow-export-round-limit = بلغ هذا الحوار حد جولاته.
workflow-export-ended = أنهيت هذا الحوار.
request-problem-nothing = لا يوجد ما يُرد عليه
request-problem-too-many-tools = { $count } أداة؛ لا يمكن عرض أكثر من { $max }
request-problem-tool-name = "{ $name }" ليس من 1 إلى 64 حرفًا أو رقمًا أو _ أو -
request-problem-tool-twice = "{ $name }" معروضة مرتين
request-problem-schema = يجب أن يكون كائن JSON Schema ‏("type": "object")
request-problem-unknown-call = "{ $id }" لا يجيب عن أي استدعاء سابق
request-problem-unanswered = استدعاء الأداة "{ $id }" بلا نتيجة قبل هذه الرسالة
request-problem-not-assistant = المساعد وحده يستدعي الأدوات
request-problem-call-id = فارغ أو مستخدم مرتين
request-problem-too-large = { $size } ميبيبايت، أكثر من { $max } ميبيبايت المسموح بها للطلب
