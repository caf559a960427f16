//! Running commands: with inherited output, captured, or as a background child that is killed
//! when its guard is dropped.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

/// The workspace root (xtask lives one level below it).
pub fn root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().unwrap_or(manifest).to_path_buf()
}

pub fn cargo() -> Command {
    let mut command = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
    command.current_dir(root());
    command
}

fn describe(command: &Command) -> String {
    let args: Vec<String> = command
        .get_args()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    format!(
        "{} {}",
        command.get_program().to_string_lossy(),
        args.join(" ")
    )
}

/// Runs with output shown; an unsuccessful exit is an error naming the command.
pub fn run(command: &mut Command) -> Result<(), String> {
    println!("$ {}", describe(command));
    let status = command
        .status()
        .map_err(|e| format!("cannot start `{}`: {e}", describe(command)))?;
    check(command, status)
}

fn check(command: &Command, status: std::process::ExitStatus) -> Result<(), String> {
    if status.success() {
        Ok(())
    } else {
        Err(format!("`{}` failed ({status})", describe(command)))
    }
}

/// Runs and returns stdout, or `None` if the program is missing or fails.
pub fn output(program: &str, args: &[&str]) -> Option<String> {
    let out = Command::new(program)
        .args(args)
        .stderr(Stdio::null())
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Runs with output shown line by line while `on_line` sees each line (stdout and stderr).
pub fn run_watching(command: &mut Command, mut on_line: impl FnMut(&str)) -> Result<(), String> {
    println!("$ {}", describe(command));
    let mut child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start `{}`: {e}", describe(command)))?;
    let stderr = child.stderr.take();
    let relay = std::thread::spawn(move || {
        let mut lines = Vec::new();
        if let Some(stderr) = stderr {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                eprintln!("{line}");
                lines.push(line);
            }
        }
        lines
    });
    if let Some(stdout) = child.stdout.take() {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            println!("{line}");
            on_line(&line);
        }
    }
    for line in relay.join().unwrap_or_default() {
        on_line(&line);
    }
    let status = child
        .wait()
        .map_err(|e| format!("`{}` did not finish: {e}", describe(command)))?;
    check(command, status)
}

/// A background process, killed when dropped.
pub struct Background {
    name: String,
    child: Child,
}

impl Background {
    pub fn spawn(name: &str, command: &mut Command) -> Result<Self, String> {
        println!("$ {} &", describe(command));
        let child = command
            .spawn()
            .map_err(|e| format!("cannot start {name}: {e}"))?;
        Ok(Self {
            name: name.to_owned(),
            child,
        })
    }

    /// Waits until something accepts connections on `port`, failing early if the process died.
    pub fn wait_for_port(&mut self, port: u16) -> Result<(), String> {
        for _ in 0..300 {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Err(format!("{} exited early ({status})", self.name));
            }
            if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
                return Ok(());
            }
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        Err(format!(
            "{} did not listen on port {port} within 30 s",
            self.name
        ))
    }

    pub fn wait(mut self) -> Result<(), String> {
        let status = self
            .child
            .wait()
            .map_err(|e| format!("{}: {e}", self.name))?;
        if status.success() {
            Ok(())
        } else {
            Err(format!("{} failed ({status})", self.name))
        }
    }
}

impl Drop for Background {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A port that was free a moment ago.
pub fn free_port() -> Result<u16, String> {
    let listener = std::net::TcpListener::bind(("127.0.0.1", 0))
        .map_err(|e| format!("cannot find a free port: {e}"))?;
    listener
        .local_addr()
        .map(|a| a.port())
        .map_err(|e| e.to_string())
}
