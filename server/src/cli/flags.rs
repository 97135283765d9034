//! `levls check`'s setting flags (`--nethack-dialect 3.6`), one per setting
//! a format declares with a flag, built with clap's builder API so that the
//! CLI names no format: a format adds a flag by declaring it. A flag also
//! answers to its setting's bare key (`--variant minihack`) while no other
//! flagged setting has that key.

use crate::formats::settings::{declared, Kind, Setting, Settings, Value};
use clap::{ArgMatches, Args, Command, FromArgMatches};

/// The settings given as flags: they beat a `levls.toml`.
#[derive(Clone, Debug, Default)]
pub struct SettingFlags(pub Settings);

/// The settings that have a flag, with it.
fn flagged() -> impl Iterator<Item = (&'static Setting, &'static str)> {
    declared().filter_map(|s| Some((s, s.flag?)))
}

/// The bare key as a second name for the flag, when no other flagged
/// setting has the same key and it is not the flag itself.
fn short_name(setting: &'static Setting, flag: &'static str) -> Option<&'static str> {
    let shared = flagged().filter(|(s, _)| s.key == setting.key).count() > 1;
    (!shared && setting.key != flag).then_some(setting.key)
}

fn arg(setting: &'static Setting, flag: &'static str) -> clap::Arg {
    // A choice's words are in its help.
    let value_name = match &setting.kind {
        Kind::Path => "PATH",
        Kind::Command => "COMMAND",
        Kind::Choice { .. } => "VALUE",
    };
    let arg = clap::Arg::new(flag).long(flag);
    let arg = match short_name(setting, flag) {
        Some(key) => arg.visible_alias(key),
        None => arg,
    };
    arg.value_name(value_name)
        .help(format!("{} Beats `levls.toml`.", setting.help))
        // Relative paths stay relative to the current folder.
        .value_parser(move |written: &str| match setting.read(written, None) {
            Ok(Some(value)) => Ok(value),
            Ok(None) => Err("expected a value".to_string()),
            Err(why) => Err(format!("`{written}`: {why}")),
        })
}

impl Args for SettingFlags {
    fn augment_args(cmd: Command) -> Command {
        cmd.args(flagged().map(|(s, flag)| arg(s, flag)))
    }
    fn augment_args_for_update(cmd: Command) -> Command {
        Self::augment_args(cmd)
    }
}

impl FromArgMatches for SettingFlags {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let mut flags = SettingFlags::default();
        flags.update_from_arg_matches(matches)?;
        Ok(flags)
    }
    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        for (setting, flag) in flagged() {
            if let Some(value) = matches.get_one::<Value>(flag) {
                self.0.set(setting, value.clone());
            }
        }
        Ok(())
    }
}

/// `levls check --list-variants` and the like: one flag per choice setting
/// whose values a format describes, printing the description instead of
/// checking.
#[derive(Clone, Debug, Default)]
pub struct ListingFlags(pub Vec<fn() -> String>);

/// A listing flag, what it prints, and its setting.
type Listed = (&'static str, fn() -> String, &'static Setting);

/// The choice settings that describe their values, with the flag that asks
/// (`list-` and the key in the plural), named once per run as clap keeps them.
fn listed() -> &'static [Listed] {
    static LISTED: std::sync::OnceLock<Vec<Listed>> = std::sync::OnceLock::new();
    LISTED.get_or_init(|| {
        declared()
            .filter_map(|s| match s.kind {
                Kind::Choice {
                    listing: Some(list),
                    ..
                } => {
                    let flag: &'static str = Box::leak(format!("list-{}s", s.key).into_boxed_str());
                    Some((flag, list, s))
                }
                _ => None,
            })
            .collect()
    })
}

impl Args for ListingFlags {
    fn augment_args(cmd: Command) -> Command {
        cmd.args(listed().iter().map(|&(flag, _, setting)| {
            clap::Arg::new(flag)
                .long(flag)
                .action(clap::ArgAction::SetTrue)
                .help(format!(
                    "Print the values of `{}` and what each is, then exit.",
                    setting.name()
                ))
        }))
    }
    fn augment_args_for_update(cmd: Command) -> Command {
        Self::augment_args(cmd)
    }
}

impl FromArgMatches for ListingFlags {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let mut flags = ListingFlags::default();
        flags.update_from_arg_matches(matches)?;
        Ok(flags)
    }
    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        for &(flag, list, _) in listed() {
            if matches.get_flag(flag) {
                self.0.push(list);
            }
        }
        Ok(())
    }
}
