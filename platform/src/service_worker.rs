//! The service worker of the installable build (`service-worker.js`, written by
//! `cargo xtask dist`): registered when the page names one in `<meta name="skein-service-worker">`
//! (a `trunk serve` development build does not), and the moments the app cares about: the app is
//! ready offline, and a new version is installed and waiting.
//!
//! A new version never takes over by itself: [`activate_update`] asks the waiting worker to take
//! over, and the app reloads each tab when it has. The app decides when (never during a
//! streaming answer).

use crate::js_error::describe;
use skein_engine::Clock;
use std::cell::Cell;
use std::rc::Rc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{ServiceWorkerContainer, ServiceWorkerRegistration, ServiceWorkerState};

/// How often a long-open page asks the server whether there is a new version.
const UPDATE_CHECK_MS: i32 = 60 * 60 * 1000;

/// What the app hears from its service worker.
pub struct ServiceWorkerEvents {
    /// The app's files are cached: it starts without the network from now on.
    pub on_offline_ready: Box<dyn Fn()>,
    /// A new version is installed and waits for [`activate_update`].
    pub on_update_waiting: Box<dyn Fn()>,
    /// A new version took over (asked for here or in another tab): this page is the old build
    /// and should reload, when nothing is streaming.
    pub on_taken_over: Box<dyn Fn()>,
}

/// The content of `<meta name="…">` in this page, if any.
fn meta(name: &str) -> Option<String> {
    let document = web_sys::window()?.document()?;
    let element = document
        .query_selector(&format!("meta[name=\"{name}\"]"))
        .ok()??;
    element.get_attribute("content")
}

/// The build this page is (`<meta name="skein-build">`, a hash of every file of the build);
/// `None` in a development build.
pub fn build_id() -> Option<String> {
    meta("skein-build")
}

fn container() -> Option<ServiceWorkerContainer> {
    let navigator = web_sys::window()?.navigator();
    // Absent outside secure contexts (plain http other than localhost).
    js_sys::Reflect::has(&navigator, &JsValue::from_str("serviceWorker"))
        .ok()?
        .then(|| navigator.service_worker())
}

/// Registers the build's service worker. `Ok(false)` when this build has none or the browser
/// cannot run one (the app works, only not offline).
pub async fn register_service_worker(events: ServiceWorkerEvents) -> Result<bool, String> {
    let (Some(script), Some(container)) = (meta("skein-service-worker"), container()) else {
        return Ok(false);
    };
    let registration: ServiceWorkerRegistration = JsFuture::from(container.register(&script))
        .await
        .map_err(|e| describe(&e))?
        .unchecked_into();
    let events = Rc::new(events);
    watch_updates(&container, &registration, events.clone()).map_err(|e| describe(&e))?;
    JsFuture::from(container.ready().map_err(|e| describe(&e))?)
        .await
        .map_err(|e| describe(&e))?;
    (events.on_offline_ready)();
    Ok(true)
}

fn watch_updates(
    container: &ServiceWorkerContainer,
    registration: &ServiceWorkerRegistration,
    events: Rc<ServiceWorkerEvents>,
) -> Result<(), JsValue> {
    // A version installed by an earlier visit may already wait; the first install (no page
    // controlled yet) is not an update.
    let controlled = Rc::new(Cell::new(container.controller().is_some()));
    if registration.waiting().is_some() && controlled.get() {
        (events.on_update_waiting)();
    }
    let on_found = {
        let (registration, events, controlled) =
            (registration.clone(), events.clone(), controlled.clone());
        Closure::<dyn Fn()>::new(move || {
            let Some(installing) = registration.installing() else {
                return;
            };
            let (events, controlled, watched) =
                (events.clone(), controlled.clone(), installing.clone());
            let on_state = Closure::<dyn Fn()>::new(move || {
                if watched.state() == ServiceWorkerState::Installed && controlled.get() {
                    (events.on_update_waiting)();
                }
            });
            installing.set_onstatechange(Some(on_state.as_ref().unchecked_ref()));
            on_state.forget();
        })
    };
    registration.set_onupdatefound(Some(on_found.as_ref().unchecked_ref()));
    on_found.forget();
    // Taking over: after the first install this page is simply controlled now; after an
    // update every tab is told (their files are the old build's).
    let on_change = Closure::<dyn Fn()>::new(move || {
        if controlled.replace(true) {
            (events.on_taken_over)();
        }
    });
    container.set_oncontrollerchange(Some(on_change.as_ref().unchecked_ref()));
    on_change.forget();
    // A page left open for days still hears of new versions.
    let checker = registration.clone();
    let check = Closure::<dyn Fn()>::new(move || {
        let _ = checker.update();
    });
    if let Some(window) = web_sys::window() {
        window.set_interval_with_callback_and_timeout_and_arguments_0(
            check.as_ref().unchecked_ref(),
            UPDATE_CHECK_MS,
        )?;
        window.add_event_listener_with_callback("online", check.as_ref().unchecked_ref())?;
    }
    check.forget();
    Ok(())
}

/// How long the waiting version gets to take over.
const ACTIVATE_PATIENCE_MS: f64 = 2_000.0;

/// Asks the waiting version to take over. Usually it does, and
/// [`ServiceWorkerEvents::on_taken_over`] follows; but Chromium parks the switch when a request
/// of the page reaches the old version at that very moment (the app waits for its requests to
/// end first, but not every request is the app's): `Ok(true)` says it was put off, until the
/// next start. `Err` when nothing is waiting.
pub async fn activate_update() -> Result<bool, String> {
    let container = container().ok_or("this browser runs no service worker")?;
    let registration: ServiceWorkerRegistration = JsFuture::from(container.get_registration())
        .await
        .map_err(|e| describe(&e))?
        .dyn_into()
        .map_err(|_| "Skein's service worker is not registered".to_owned())?;
    let waiting = registration.waiting().ok_or("no new version is waiting")?;
    let message = js_sys::Object::new();
    js_sys::Reflect::set(&message, &"type".into(), &"skip-waiting".into())
        .map_err(|e| describe(&e))?;
    waiting.post_message(&message).map_err(|e| describe(&e))?;
    crate::BrowserClock.sleep(ACTIVATE_PATIENCE_MS).await;
    Ok(registration.waiting().is_some())
}
