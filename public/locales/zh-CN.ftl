# Skein 界面，简体中文。

## Live regions
spoken-code = 代码：{ $text }
spoken-code-long = 代码，共 { $lines } 行，开头：{ $first }
spoken-awaiting-approval = 等待你批准运行：{ $names }。

## Settings
language-label = 语言
language-follow-browser = 跟随浏览器
