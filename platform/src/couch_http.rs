//! One CouchDB-protocol database over `fetch`, for sync: JSON in and out, the user's name and
//! password as HTTP Basic authentication (the server must allow this page's origin by CORS).
//! No cookies, no referrer. What to ask is decided in [`skein_engine::sync::couch`].

use gloo_net::http::{Method as HttpMethod, RequestBuilder};
use serde_json::Value;
use skein_engine::sync::couch::basic_auth;
use skein_engine::sync::{CouchDb, Method, SyncError};
use web_sys::{ReferrerPolicy, RequestCredentials};

pub struct CouchHttp {
    /// The database's URL, without a trailing slash.
    base: String,
    authorization: Option<String>,
}

impl CouchHttp {
    pub fn new(url: &str, username: &str, password: &str) -> Self {
        Self {
            base: url.trim().trim_end_matches('/').to_owned(),
            authorization: basic_auth(username, password),
        }
    }
}

impl CouchDb for CouchHttp {
    async fn request(
        &self,
        method: Method,
        path: &str,
        body: Option<&Value>,
    ) -> Result<Option<Value>, SyncError> {
        let url = if path.is_empty() {
            self.base.clone()
        } else {
            format!("{}/{path}", self.base)
        };
        let http_method = match method {
            Method::Get => HttpMethod::GET,
            Method::Put => HttpMethod::PUT,
            Method::Post => HttpMethod::POST,
        };
        let mut builder = RequestBuilder::new(&url)
            .method(http_method)
            .credentials(RequestCredentials::Omit)
            .referrer_policy(ReferrerPolicy::NoReferrer)
            .header("Accept", "application/json");
        if let Some(authorization) = &self.authorization {
            builder = builder.header("Authorization", authorization);
        }
        let request = match body {
            Some(body) => builder
                .header("Content-Type", "application/json")
                .body(body.to_string()),
            None => builder.build(),
        }
        .map_err(|e| SyncError::Unreachable(e.to_string()))?;
        let response = request
            .send()
            .await
            .map_err(|e| SyncError::Unreachable(e.to_string()))?;
        let status = response.status();
        let text = response
            .text()
            .await
            .map_err(|e| SyncError::Unreachable(e.to_string()))?;
        match status {
            404 => Ok(None),
            401 | 403 => Err(SyncError::Unauthorized(status)),
            200..=299 => serde_json::from_str(&text)
                .map(Some)
                .map_err(|e| SyncError::BadAnswer(format!("{path}: {e}"))),
            _ => Err(SyncError::Http {
                status,
                what: if path.is_empty() {
                    "the database".into()
                } else {
                    path.split('?').next().unwrap_or(path).to_owned()
                },
                detail: text.chars().take(200).collect(),
            }),
        }
    }
}
