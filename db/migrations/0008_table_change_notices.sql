-- Change notices for the read cache (server/caching, docs/decisions/032-lean-request-path.md):
-- after any statement that writes one of these tables, PostgreSQL sends the table's name on the
-- channel `table_changed` when the transaction commits, so every app process drops what it
-- read from that table. Statement-level, so a bulk write sends one notice (and PostgreSQL folds
-- identical notices of one transaction into one).
CREATE FUNCTION notify_table_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('table_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DO $$
DECLARE
  name text;
BEGIN
  FOREACH name IN ARRAY ARRAY[
    'users', 'memberships', 'organizations', 'revoked_sessions',
    'machines', 'machine_types', 'manufacturers', 'machine_models',
    'controller_types', 'controller_models', 'tooling_pairs'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed()',
      name || '_changed', name);
  END LOOP;
END;
$$;
