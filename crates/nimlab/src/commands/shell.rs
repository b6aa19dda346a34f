//! `nimlab completions SHELL` and `nimlab man`: generated from the argument parser,
//! so they always match the commands.

use crate::failure::Failure;
use crate::output::to_stdout;
use clap::Command;
use clap_complete::Shell;

const COMPLETION_EXAMPLES: &str = "\
Examples:
  nimlab completions bash > nimlab.bash
  nimlab completions zsh > _nimlab
  nimlab completions fish > nimlab.fish

Then move the file where the shell looks for completions: for bash,
~/.local/share/bash-completion/completions/nimlab; for zsh, a directory of your
fpath; for fish, ~/.config/fish/completions/nimlab.fish.";

/// Print a completion script for a shell.
#[derive(clap::Args)]
#[command(after_help = COMPLETION_EXAMPLES)]
pub struct CompletionArgs {
    /// The shell: bash, zsh, fish, powershell or elvish.
    shell: Shell,
}

const MAN_EXAMPLES: &str = "\
Examples:
  nimlab man > nimlab.1

Then read it with: man ./nimlab.1";

/// Print the manual page (roff), for `man`.
#[derive(clap::Args)]
#[command(after_help = MAN_EXAMPLES)]
pub struct ManArgs {}

/// Write the completion script for `args.shell` of the command line `cli`.
pub fn completions(args: CompletionArgs, mut cli: Command) -> Result<(), Failure> {
    to_stdout(|out| {
        clap_complete::generate(args.shell, &mut cli, "nimlab", out);
        Ok(())
    })
}

/// Write the manual page of the command line `cli`.
pub fn man(_args: ManArgs, cli: Command) -> Result<(), Failure> {
    to_stdout(|out| clap_mangen::Man::new(cli).render(out))
}
