#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    levls_fuzz::check(&levls::formats::nethack_dungeon_lua::NetHackDungeonLua, data)
});
