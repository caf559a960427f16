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
