//! The static file server of `cargo xtask serve`: serves a `dist` build under its public path
//! with the same headers a static host gets from `_headers` (the policy of [`crate::policy`]),
//! so the app runs here exactly as deployed: installable, offline-capable, under the policy.
//! A few lines of the standard library: GET and HEAD only, one thread per connection.

use crate::policy;
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Component, Path, PathBuf};

/// The content type of a build file.
pub fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" => "text/javascript; charset=utf-8",
        "wasm" => "application/wasm",
        "css" => "text/css; charset=utf-8",
        "json" => "application/json",
        "webmanifest" => "application/manifest+json",
        "png" => "image/png",
        "svg" => "image/svg+xml",
        _ => "application/octet-stream",
    }
}

/// The file `request_path` names under `public_url` in `root`; `None` outside it (or for a
/// path that climbs out of it).
pub fn resolve(root: &Path, public_url: &str, request_path: &str) -> Option<PathBuf> {
    let path = request_path.split(['?', '#']).next()?;
    let relative = path.strip_prefix(public_url)?;
    let relative = if relative.is_empty() || relative.ends_with('/') {
        format!("{relative}index.html")
    } else {
        relative.to_owned()
    };
    let relative = Path::new(&relative);
    if relative
        .components()
        .any(|c| !matches!(c, Component::Normal(_)))
    {
        return None;
    }
    Some(root.join(relative))
}

fn respond(mut stream: TcpStream, root: &Path, public_url: &str) -> std::io::Result<()> {
    let mut line = String::new();
    BufReader::new(&stream).read_line(&mut line)?;
    let mut words = line.split_whitespace();
    let (method, target) = (words.next().unwrap_or(""), words.next().unwrap_or(""));
    let (status, body, kind) = match resolve(root, public_url, target) {
        _ if !matches!(method, "GET" | "HEAD") => {
            ("405 Method Not Allowed", Vec::new(), "text/plain")
        }
        Some(file) => match std::fs::read(&file) {
            Ok(body) => ("200 OK", body, content_type(&file)),
            Err(_) => ("404 Not Found", b"not found".to_vec(), "text/plain"),
        },
        None => ("404 Not Found", b"outside the app".to_vec(), "text/plain"),
    };
    let mut head = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nConnection: close\r\n\
         Cache-Control: no-cache\r\nContent-Security-Policy: {}\r\n",
        body.len(),
        policy::header_policy()
    );
    for (name, value) in policy::OTHER_HEADERS {
        head += &format!("{name}: {value}\r\n");
    }
    head += "\r\n";
    stream.write_all(head.as_bytes())?;
    if method != "HEAD" {
        stream.write_all(&body)?;
    }
    stream.flush()
}

/// Listens on 127.0.0.1:`port` (bound before the address is announced).
pub fn bind(port: u16) -> Result<TcpListener, String> {
    TcpListener::bind(("127.0.0.1", port))
        .map_err(|e| format!("cannot listen on 127.0.0.1:{port}: {e}; choose another with --port"))
}

/// Serves `root` under `public_url` on `listener` until the process ends.
pub fn serve_on(listener: TcpListener, root: &Path, public_url: &str) -> Result<(), String> {
    for stream in listener.incoming().flatten() {
        let (root, public_url) = (root.to_path_buf(), public_url.to_owned());
        std::thread::spawn(move || {
            let _ = respond(stream, &root, &public_url);
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_resolve_inside_the_build_only() {
        let root = Path::new("/d");
        assert_eq!(
            resolve(root, "/", "/"),
            Some(PathBuf::from("/d/index.html"))
        );
        assert_eq!(
            resolve(root, "/chat/", "/chat/icons/a.png?v=1"),
            Some(PathBuf::from("/d/icons/a.png"))
        );
        assert_eq!(resolve(root, "/chat/", "/other/a.js"), None);
        assert_eq!(resolve(root, "/", "/../etc/passwd"), None);
        assert_eq!(resolve(root, "/", "/icons/../../x"), None);
    }

    #[test]
    fn a_request_gets_the_file_and_the_policy() {
        let dir = std::env::temp_dir().join(format!("skein-static-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("index.html"), "<p>hi</p>").unwrap();
        let listener = TcpListener::bind(("127.0.0.1", 0)).unwrap();
        let port = listener.local_addr().unwrap().port();
        let served = dir.clone();
        std::thread::spawn(move || {
            let stream = listener.incoming().next().unwrap().unwrap();
            respond(stream, &served, "/app/").unwrap();
        });
        let mut client = TcpStream::connect(("127.0.0.1", port)).unwrap();
        client
            .write_all(b"GET /app/ HTTP/1.1\r\nHost: x\r\n\r\n")
            .unwrap();
        let mut answer = String::new();
        std::io::Read::read_to_string(&mut client, &mut answer).unwrap();
        assert!(answer.starts_with("HTTP/1.1 200 OK\r\n"));
        assert!(answer.contains("Content-Type: text/html; charset=utf-8\r\n"));
        assert!(answer.contains("frame-ancestors 'none'"));
        assert!(answer.contains("X-Content-Type-Options: nosniff\r\n"));
        assert!(answer.ends_with("\r\n\r\n<p>hi</p>"));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
