-- Two organizations of one owner cannot share a name (issue 12), compared without regard to case; a unique
-- index makes it hold under any race. The owner lives in organization_members, so organizations gets a copy
-- of it, owner_id, that a trigger keeps in step with the owner's membership row.
ALTER TABLE "organizations" ADD COLUMN "owner_id" uuid;
--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
UPDATE "organizations" SET "owner_id" = m."user_id"
FROM "organization_members" m
WHERE m."org_id" = "organizations"."id" AND m."role" = 'organization_owner';
--> statement-breakpoint
-- Existing duplicates (docs/decisions.md): the oldest keeps its name, each later one gets the first free
-- " (2)", " (3)", ... suffix, the name shortened so that the result stays within 100 characters.
DO $$
DECLARE
  duplicate record;
  suffix integer;
  candidate text;
BEGIN
  FOR duplicate IN
    SELECT id, owner_id, name FROM (
      SELECT id, owner_id, name,
        row_number() OVER (PARTITION BY owner_id, lower(name) ORDER BY created_at, id) AS position
      FROM organizations WHERE owner_id IS NOT NULL
    ) ranked
    WHERE position > 1
    ORDER BY owner_id, lower(name), position
  LOOP
    suffix := 2;
    LOOP
      candidate := left(duplicate.name, 100 - length(' (' || suffix || ')')) || ' (' || suffix || ')';
      EXIT WHEN NOT EXISTS (
        SELECT 1 FROM organizations
        WHERE owner_id = duplicate.owner_id AND lower(name) = lower(candidate) AND id <> duplicate.id
      );
      suffix := suffix + 1;
    END LOOP;
    UPDATE organizations SET name = candidate WHERE id = duplicate.id;
  END LOOP;
END
$$;
--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_owner_name_idx" ON "organizations" USING btree ("owner_id",lower("name"));
--> statement-breakpoint
-- Copies the owner into organizations whenever a membership becomes or stops being the owner's. A transfer
-- demotes first (owner_id becomes null) and then promotes, so the index is checked against the new owner's
-- organizations and a clash fails the transfer.
CREATE FUNCTION "organizations_follow_owner"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.role = 'organization_owner' THEN
    UPDATE organizations SET owner_id = NEW.user_id WHERE id = NEW.org_id AND owner_id IS DISTINCT FROM NEW.user_id;
  ELSIF TG_OP = 'UPDATE' AND OLD.role = 'organization_owner' THEN
    UPDATE organizations SET owner_id = NULL WHERE id = OLD.org_id AND owner_id = OLD.user_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "organization_owner_copied" AFTER INSERT OR UPDATE OF "role" ON "organization_members"
FOR EACH ROW EXECUTE FUNCTION "organizations_follow_owner"();
