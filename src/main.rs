use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use transformer_tutor::cli::{Cli, Command};
use transformer_tutor::exec;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Some(Command::Exec { file, timeout }) => {
            exec::exec_file(&file, Duration::from_secs(timeout))
        }
        None => {
            println!("transformer-tutor: learn how a Transformer works by running it.\n");
            println!(
                "The interactive lessons are being built. For now you can run PyTorch-style scripts:"
            );
            println!("  transformer-tutor exec script.py");
            println!("  transformer-tutor --help");
            Ok(0)
        }
    };
    match result {
        Ok(code) => ExitCode::from(code as u8),
        Err(e) => {
            eprintln!("transformer-tutor: {e:#}");
            ExitCode::from(2)
        }
    }
}
