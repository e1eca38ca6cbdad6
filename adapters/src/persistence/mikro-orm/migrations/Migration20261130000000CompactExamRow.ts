import { Migration } from '@mikro-orm/migrations';

const AIR = ['250', '500', '1000', '2000', '3000', '4000', '6000', '8000'];
const BONE = ['500', '1000', '2000', '3000', '4000'];
const list = (xs: string[]) => `array[${xs.map((x) => `'${x}'`).join(', ')}]`;

/**
 * Issue 22 item 1 (ADR 0026): an exam row of ~500 bytes with its indexes instead of ~1 250.
 *
 * - `audiogram` jsonb (the wire shape, ~440 bytes) → `bytea` of 16 or 26 slots (adapters/src/persistence/
 *   stored-audiogram.ts): 1 byte a slot when every value is on the 5 dB grid, else 2 bytes (tenths).
 *   `limiar_audiogram_bytes(jsonb)` converts (an absent or null conduction is one without values, as the wire
 *   shape's reading took it), refusing (the migration fails, nothing changes) a shape it cannot read, a frequency
 *   outside the standard ones or a value it cannot keep exactly — never silently; it stays for tests and
 *   the reverse (`limiar_audiogram_jsonb`) serves `down`.
 * - `natural_key` 64 hex characters → the first 16 bytes of the same SHA-256 (`bytea`); a key that is not
 *   such a digest (none written by the import) becomes the first 16 bytes of its own SHA-256.
 * - Indexes: `exam_org_natural_key_unique` (organisation, key) and `exam_patient_date_idx` (worker, date,
 *   creation) become one unique index (worker, date, key): the key names the worker and the date, so
 *   uniqueness is the same, and it serves a worker's history in date order. `exam_org_date_idx` (organisation,
 *   date desc, id) goes: the programme's covering index on (organisation, date) serves the newest-first exam
 *   list, sorting the exams of one date by id (an incremental sort). Its key stays (organisation, date) with the
 *   id only included: exams of one date are then equal keys, which PostgreSQL packs densely (a bulk import of
 *   many exams on the same dates gave 107 bytes per exam against 193 with the id in the key).
 */
export class Migration20261130000000CompactExamRow extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create or replace function limiar_audiogram_bytes(a jsonb) returns bytea language plpgsql immutable strict as $$
      declare
        tenths int[] := '{}';
        narrow boolean := true;
        t jsonb;
        v numeric;
        nr boolean;
        hz text;
        side text;
        cond text;
        out bytea;
        i int;
        -- a conduction absent or null is one without values, as the wire shape's reading took it
        air jsonb := coalesce(nullif(a->'air', 'null'::jsonb), '{}');
        bone jsonb := coalesce(nullif(a->'bone', 'null'::jsonb), '{}');
      begin
        if jsonb_typeof(a) <> 'object' or jsonb_typeof(air) <> 'object' or jsonb_typeof(bone) <> 'object' then
          raise exception 'audiograma ilegível: %', a;
        end if;
        if exists (select 1 from jsonb_object_keys(air) k where k <> all (${list(AIR)}))
          or exists (select 1 from jsonb_object_keys(bone) k where k <> all (${list(BONE)})) then
          raise exception 'audiograma com frequência fora das de NR-7: %', a;
        end if;
        foreach cond in array array['air', 'bone'] loop
          if cond = 'bone' and bone = '{}' then exit; end if;
          foreach side in array array['re', 'le'] loop
            foreach hz in array case when cond = 'air' then ${list(AIR)} else ${list(BONE)} end loop
              t := (case when cond = 'air' then air else bone end)->hz->side;
              if t is null or jsonb_typeof(t) = 'null' then
                tenths := tenths || null::int;
                continue;
              end if;
              nr := jsonb_typeof(t) = 'object';
              if nr and jsonb_typeof(t->'nr') = 'number' then v := (t->>'nr')::numeric;
              elsif not nr and jsonb_typeof(t) = 'number' then v := (t#>>'{}')::numeric;
              else raise exception 'limiar ilegível no audiograma: %', t;
              end if;
              if v * 10 <> round(v * 10) or v < -100 or v > 150 then raise exception 'limiar % não pode ser gravado (mais de uma casa decimal ou fora de −100…150 dB)', v; end if;
              if v <> round(v) or mod(v::int, 5) <> 0 or v < -10 or v > 120 then narrow := false; end if;
              tenths := tenths || ((case when nr then 20000 else 0 end) + (v * 10)::int);
            end loop;
          end loop;
        end loop;
        if narrow then
          out := '\\x'::bytea;
          for i in 1 .. array_length(tenths, 1) loop
            out := out || set_byte('\\x00'::bytea, 0, case when tenths[i] is null then 255 when tenths[i] >= 19000 then 128 + (tenths[i] - 20000 + 100) / 50 else (tenths[i] + 100) / 50 end);
          end loop;
        else
          out := '\\x'::bytea;
          for i in 1 .. array_length(tenths, 1) loop
            out := out || int2send(coalesce(tenths[i], -32768)::smallint);
          end loop;
        end if;
        return out;
      end $$;`);
    // the reverse, in the wire shape (every standard frequency, null when not measured): down, and SQL oracles in tests
    this.addSql(`create or replace function limiar_audiogram_jsonb(b bytea) returns jsonb language plpgsql immutable strict as $$
      declare
        wide boolean := length(b) in (32, 52);
        n int := case when length(b) in (32, 52) then length(b) / 2 else length(b) end;
        air jsonb := '{}';
        bone jsonb := '{}';
        slot int;
        raw int;
        t jsonb;
        re jsonb;
        hz text;
        k int;
      begin
        if n not in (16, 26) then raise exception 'audiograma gravado com % bytes', length(b); end if;
        for slot in 0 .. n - 1 loop
          if wide then
            raw := (get_byte(b, 2 * slot) << 8) | get_byte(b, 2 * slot + 1);
            if raw >= 32768 then raw := raw - 65536; end if;
            t := case when raw = -32768 then 'null'::jsonb when raw >= 19000 then jsonb_build_object('nr', trim_scale((raw - 20000)::numeric / 10)) else to_jsonb(trim_scale(raw::numeric / 10)) end;
          else
            raw := get_byte(b, slot);
            t := case when raw = 255 then 'null'::jsonb when raw >= 128 then jsonb_build_object('nr', (raw - 128) * 5 - 10) else to_jsonb(raw * 5 - 10) end;
          end if;
          if slot < 16 then
            k := slot % 8; hz := (${list(AIR)})[k + 1];
            air := jsonb_set(case when jsonb_exists(air, hz) then air else air || jsonb_build_object(hz, '{"re": null, "le": null}'::jsonb) end, array[hz, case when slot < 8 then 're' else 'le' end], t);
          else
            k := (slot - 16) % 5; hz := (${list(BONE)})[k + 1];
            bone := jsonb_set(case when jsonb_exists(bone, hz) then bone else bone || jsonb_build_object(hz, '{"re": null, "le": null}'::jsonb) end, array[hz, case when slot < 21 then 're' else 'le' end], t);
          end if;
        end loop;
        return jsonb_build_object('air', air, 'bone', bone);
      end $$;`);
    this.addSql(`create or replace function limiar_audiogram_has_air(b bytea) returns boolean language sql immutable strict parallel safe as $$
      select case when length(b) in (16, 26) then substring(b from 1 for 16) <> '\\xffffffffffffffffffffffffffffffff'::bytea
        else substring(b from 1 for 32) <> decode(repeat('8000', 16), 'hex') end $$;`);

    this.addSql('drop index if exists exam_org_natural_key_unique;');
    this.addSql('drop index if exists exam_patient_date_idx;');
    this.addSql('drop index if exists exam_org_date_idx;');
    this.addSql(`alter table exam
      alter column audiogram type bytea using limiar_audiogram_bytes(audiogram),
      alter column natural_key type bytea using case when natural_key ~ '^[0-9a-f]{64}$' then decode(left(natural_key, 32), 'hex')
        else substring(sha256(convert_to(natural_key, 'UTF8')) from 1 for 16) end;`);
    this.addSql('create unique index exam_patient_date_natural_key on exam (patient_id, exam_date, natural_key);');
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists exam_patient_date_natural_key;');
    // the stored keys were 64 hex digits: the first 32 are known, the rest padded (a re-import then finds no
    // stored key and the new unique index would let it in: down is for development only)
    this.addSql(`alter table exam
      alter column audiogram type jsonb using limiar_audiogram_jsonb(audiogram),
      alter column natural_key type text using rpad(encode(natural_key, 'hex'), 64, '0');`);
    this.addSql('create index exam_patient_date_idx on exam (patient_id, exam_date, created_at);');
    this.addSql('create index exam_org_date_idx on exam (organization_id, exam_date desc, id);');
    this.addSql('create unique index exam_org_natural_key_unique on exam (organization_id, natural_key) where natural_key is not null;');
    this.addSql('drop function if exists limiar_audiogram_has_air(bytea);');
    this.addSql('drop function if exists limiar_audiogram_jsonb(bytea);');
    this.addSql('drop function if exists limiar_audiogram_bytes(jsonb);');
  }
}
