//! A new version of the installed app, from "waiting" to "reloaded", without ever interrupting
//! a streaming answer: the rules the app's update notice follows (the browser's service worker
//! does the installing; the app only decides when to switch).

/// Where the update stands in this tab.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum AppUpdate {
    /// Nothing new.
    #[default]
    Current,
    /// A new version is installed and waits; the notice offers "Reload".
    Ready,
    /// The user chose "Reload" while an answer was streaming: it switches when the answer ends.
    AfterAnswer,
    /// The new version took over (here or from another tab); this tab still runs the old one
    /// and reloads as soon as nothing streams.
    TakenOver,
    /// The browser put the switch off (it does when a request reaches the old version at that
    /// very moment); the new version starts the next time Skein opens.
    NextStart,
}

/// What the app must do now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UpdateStep {
    Nothing,
    /// Ask the waiting version to take over.
    Activate,
    /// Reload this page.
    Reload,
}

impl AppUpdate {
    /// A new version finished installing.
    pub fn installed(self) -> Self {
        match self {
            Self::Current => Self::Ready,
            other => other,
        }
    }

    /// The user chose "Reload"; `streaming`: an answer is being written in this tab.
    pub fn reload_asked(self, streaming: bool) -> (Self, UpdateStep) {
        match (self, streaming) {
            (Self::Ready | Self::AfterAnswer, true) => (Self::AfterAnswer, UpdateStep::Nothing),
            (Self::Ready | Self::AfterAnswer, false) => (self, UpdateStep::Activate),
            (Self::TakenOver, true) => (self, UpdateStep::Nothing),
            (Self::TakenOver, false) => (self, UpdateStep::Reload),
            (Self::Current | Self::NextStart, _) => (self, UpdateStep::Nothing),
        }
    }

    /// The new version took over.
    pub fn taken_over(self, streaming: bool) -> (Self, UpdateStep) {
        let step = if streaming {
            UpdateStep::Nothing
        } else {
            UpdateStep::Reload
        };
        (Self::TakenOver, step)
    }

    /// The browser did not let the new version take over now.
    pub fn put_off(self) -> Self {
        match self {
            Self::TakenOver => self,
            _ => Self::NextStart,
        }
    }

    /// The last streaming answer in this tab ended.
    pub fn idle(self) -> UpdateStep {
        match self {
            Self::AfterAnswer => UpdateStep::Activate,
            Self::TakenOver => UpdateStep::Reload,
            Self::Current | Self::Ready | Self::NextStart => UpdateStep::Nothing,
        }
    }

    /// The notice's text, and whether it offers "Reload".
    pub fn notice(self) -> Option<(&'static str, bool)> {
        match self {
            Self::Current => None,
            Self::Ready => Some(("A new version of Skein is ready.", true)),
            Self::AfterAnswer => Some((
                "Skein will reload to the new version when the answer finishes.",
                false,
            )),
            Self::TakenOver => Some((
                "Skein was updated in another tab; this one reloads when the answer finishes.",
                false,
            )),
            Self::NextStart => Some((
                "The new version of Skein starts the next time you open it.",
                false,
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reload_switches_at_once_when_nothing_streams() {
        let ready = AppUpdate::Current.installed();
        assert_eq!(
            ready.notice(),
            Some(("A new version of Skein is ready.", true))
        );
        assert_eq!(ready.reload_asked(false), (ready, UpdateStep::Activate));
        assert_eq!(
            ready.taken_over(false),
            (AppUpdate::TakenOver, UpdateStep::Reload)
        );
    }

    #[test]
    fn a_streaming_answer_is_never_interrupted() {
        let (waiting, step) = AppUpdate::Ready.reload_asked(true);
        assert_eq!(
            (waiting, step),
            (AppUpdate::AfterAnswer, UpdateStep::Nothing)
        );
        assert_eq!(waiting.notice().map(|(_, button)| button), Some(false));
        // Installing again changes nothing the user chose.
        assert_eq!(waiting.installed(), waiting);
        assert_eq!(waiting.idle(), UpdateStep::Activate);
        // Another tab switched while this one streams: it reloads only when idle.
        let (taken, step) = AppUpdate::Ready.taken_over(true);
        assert_eq!(step, UpdateStep::Nothing);
        assert_eq!(taken.reload_asked(true), (taken, UpdateStep::Nothing));
        assert_eq!(taken.idle(), UpdateStep::Reload);
    }

    #[test]
    fn a_switch_the_browser_puts_off_waits_for_the_next_start() {
        let later = AppUpdate::AfterAnswer.put_off();
        assert_eq!(later, AppUpdate::NextStart);
        assert_eq!(later.idle(), UpdateStep::Nothing);
        assert_eq!(later.reload_asked(false), (later, UpdateStep::Nothing));
        assert_eq!(later.installed(), later);
        // Taken over meanwhile (another tab): the reload still comes.
        assert_eq!(AppUpdate::TakenOver.put_off(), AppUpdate::TakenOver);
    }

    #[test]
    fn nothing_happens_without_an_update() {
        assert_eq!(AppUpdate::Current.notice(), None);
        assert_eq!(AppUpdate::Current.idle(), UpdateStep::Nothing);
        assert_eq!(AppUpdate::Ready.idle(), UpdateStep::Nothing);
        assert_eq!(
            AppUpdate::Current.reload_asked(false),
            (AppUpdate::Current, UpdateStep::Nothing)
        );
    }
}
