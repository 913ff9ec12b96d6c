"""SQLAlchemy 2 async storage: tables, the append-only event store, score projections."""
