"""The SQL store in parts: one module for each of the village's storage ports, on a shared base;
`bot.storage.store.SqlStore` puts them together."""
