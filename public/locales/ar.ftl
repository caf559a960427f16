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
branch-map-hint = المسار المميَّز هو المعروض على الشاشة. اختر رسالة لعرض فرعها (↑ ↓ للتنقل، ← إلى نقطة التفرّع، Enter للعرض).
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
