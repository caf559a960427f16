//! The engine's clock and ID source, from the browser.

use skein_engine::{Clock, IdGenerator};
use std::future::Future;
use std::pin::Pin;
use wasm_bindgen::{JsCast, JsValue};

/// `Date.now()`: wall-clock milliseconds.
#[derive(Debug, Clone, Copy, Default)]
pub struct BrowserClock;

impl Clock for BrowserClock {
    fn now_ms(&self) -> f64 {
        js_sys::Date::now()
    }

    /// `Date.getTimezoneOffset()` counts minutes *west* of UTC; the engine wants east.
    fn utc_offset_minutes(&self) -> i32 {
        -(js_sys::Date::new_0().get_timezone_offset() as i32)
    }

    /// `Intl.DateTimeFormat().resolvedOptions().timeZone`, e.g. `Europe/Berlin`.
    /// Read once: making an `Intl.DateTimeFormat` costs milliseconds (it loads locale data),
    /// and every request asks.
    fn time_zone(&self) -> String {
        thread_local! {
            static ZONE: std::cell::OnceCell<String> = const { std::cell::OnceCell::new() };
        }
        ZONE.with(|zone| {
            zone.get_or_init(|| {
                let format = js_sys::Intl::DateTimeFormat::new(
                    &js_sys::Array::new(),
                    &js_sys::Object::new(),
                );
                js_sys::Reflect::get(&format.resolved_options(), &"timeZone".into())
                    .ok()
                    .and_then(|zone| zone.as_string())
                    .unwrap_or_else(|| "UTC".to_owned())
            })
            .clone()
        })
    }

    fn has_timers(&self) -> bool {
        true
    }

    fn random_unit(&self) -> f64 {
        js_sys::Math::random()
    }

    /// `setTimeout` (of the window or worker), as a future.
    fn sleep(&self, ms: f64) -> Pin<Box<dyn Future<Output = ()>>> {
        let promise = js_sys::Promise::new(&mut |resolve, _reject| {
            let global = js_sys::global();
            let set_timeout = js_sys::Reflect::get(&global, &"setTimeout".into())
                .ok()
                .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
            match set_timeout {
                Some(set_timeout) => {
                    let _ = set_timeout.call2(&global, &resolve, &JsValue::from_f64(ms.max(0.0)));
                }
                // No timer here: resolve at once rather than never (held text is then flushed
                // on the next turn of the event loop).
                None => {
                    let _ = resolve.call0(&JsValue::UNDEFINED);
                }
            }
        });
        Box::pin(async move {
            let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
        })
    }
}

/// Random version-4 UUIDs from `crypto.getRandomValues`, which (unlike `crypto.randomUUID`) also
/// works on plain-HTTP origins such as a LAN address serving the app.
#[derive(Debug, Clone, Copy, Default)]
pub struct RandomIds;

impl IdGenerator for RandomIds {
    fn new_id(&self) -> String {
        let mut bytes = [0u8; 16];
        let filled = global_crypto()
            .and_then(|crypto| crypto.get_random_values_with_u8_array(&mut bytes).ok());
        if filled.is_none() {
            // No Web Crypto at all (not a browser we support). Math.random is not
            // cryptographic, but IDs only need to be unique, not secret.
            for byte in &mut bytes {
                *byte = (js_sys::Math::random() * 256.0) as u8;
            }
        }
        format_uuid_v4(bytes)
    }
}

/// `globalThis.crypto`, in a window and in a worker alike.
fn global_crypto() -> Option<web_sys::Crypto> {
    js_sys::Reflect::get(&js_sys::global(), &"crypto".into())
        .ok()
        .and_then(|c| c.dyn_into::<web_sys::Crypto>().ok())
}

fn format_uuid_v4(mut bytes: [u8; 16]) -> String {
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    format!(
        "{}-{}-{}-{}-{}",
        &hex[0..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..32]
    )
}
