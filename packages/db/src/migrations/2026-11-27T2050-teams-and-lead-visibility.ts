/**
 * Issue 28: teams and who sees which leads.
 * - A team is a row (teams) led by one manager; a person belongs to at most one team (users.team_id,
 *   one column). The manager is a member of the team he leads (a deferred foreign key holds it).
 *   Team names are unique case-insensitively, and a team channel points at its team by id: renaming
 *   a team never moves anyone into another team's channel. users.team_name becomes teams.name.
 * - Lead visibility per role: 'all' (the default, the spec's behaviour), 'team' or 'own', on each
 *   system role (role_lead_visibility) and each custom role (custom_roles.lead_visibility).
 */
import { type Kysely, sql } from 'kysely';

// Migrations are typed Kysely<any> on purpose: they must not follow later type changes.
type AnyDb = Kysely<any>;

const MEMBERSHIP_VIEW = (teamPart: string) => `
  create view chat_channel_membership as
    select c.id as channel_id, u.id as user_id
    from chat_channels c join users u on u.deactivated_at is null
    where c.kind = 'general'
  union
    select c.id, u.id
    from chat_channels c
    join user_custom_roles ucr on ucr.role_id = c.custom_role_id
    join users u on u.id = ucr.user_id and u.deactivated_at is null
    where c.kind = 'role'
  union
    ${teamPart}
  union
    select c.id, u.id
    from chat_channels c
    join chat_channel_members cm on cm.channel_id = c.id
    join users u on u.id = cm.user_id and u.deactivated_at is null
    where c.kind = 'group'`;

export async function up(db: AnyDb): Promise<void> {
  await sql`
    create table teams (
      id serial primary key,
      name text not null check (btrim(name) <> ''),
      manager_id integer not null unique references users(id) on delete cascade,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index teams_name_key on teams (lower(btrim(name)))`.execute(db);
  await sql`alter table users add column team_id integer references teams(id) on delete set null`.execute(db);
  await sql`create index users_team_idx on users (team_id)`.execute(db);
  // The target of the manager-is-a-member key below.
  await sql`alter table users add constraint users_id_team_key unique (id, team_id)`.execute(db);

  // Today's teams: each manager with a team name leads one; a name two managers share gets the second one's username.
  await sql`
    insert into teams (name, manager_id)
    select case when rank = 1 then name else name || ' (' || username || ')' end, id
    from (
      select btrim(team_name) as name, id, username,
        row_number() over (partition by lower(btrim(team_name)) order by deactivated_at nulls first, id) as rank
      from users where system_role = 'manager' and coalesce(btrim(team_name), '') <> ''
    ) named`.execute(db);
  await sql`update users set team_id = t.id from teams t where t.manager_id = users.id`.execute(db);
  await sql`update users set team_id = t.id from teams t
            where users.team_id is null and users.system_role = 'team_member' and lower(btrim(users.team_name)) = lower(t.name)`.execute(
    db,
  );
  await sql`alter table teams add constraint teams_manager_is_member foreign key (manager_id, id)
            references users (id, team_id) deferrable initially deferred`.execute(db);

  // Team channels follow their team by id.
  await sql`drop view chat_channel_membership`.execute(db);
  await sql`alter table chat_channels add column team_id integer unique references teams(id) on delete cascade`.execute(db);
  await sql`update chat_channels c set team_id = t.id from teams t where c.kind = 'team' and t.manager_id = c.manager_id`.execute(db);
  await sql`delete from chat_channels where kind = 'team' and team_id is null`.execute(db);
  await sql`alter table chat_channels drop column manager_id`.execute(db);
  await sql`alter table chat_channels add constraint chat_channels_team_kind check ((kind = 'team') = (team_id is not null))`.execute(db);
  await sql
    .raw(
      MEMBERSHIP_VIEW(`select c.id, u.id
    from chat_channels c
    join users u on u.team_id = c.team_id and u.deactivated_at is null
    where c.kind = 'team'`),
    )
    .execute(db);
  await sql`alter table users drop column team_name`.execute(db);

  await sql`
    create table role_lead_visibility (
      system_role text primary key check (system_role in ('admin', 'manager', 'team_member')),
      lead_visibility text not null default 'all' check (lead_visibility in ('all', 'team', 'own'))
    )`.execute(db);
  await sql`insert into role_lead_visibility (system_role) values ('admin'), ('manager'), ('team_member')`.execute(db);
  await sql`alter table custom_roles add column lead_visibility text not null default 'all'
            check (lead_visibility in ('all', 'team', 'own'))`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`alter table custom_roles drop column lead_visibility`.execute(db);
  await sql`drop table role_lead_visibility`.execute(db);
  await sql`alter table users add column team_name text`.execute(db);
  await sql`update users set team_name = t.name from teams t where t.id = users.team_id`.execute(db);
  await sql`drop view chat_channel_membership`.execute(db);
  await sql`alter table chat_channels drop constraint chat_channels_team_kind`.execute(db);
  await sql`alter table chat_channels add column manager_id integer unique references users(id) on delete cascade`.execute(db);
  await sql`update chat_channels c set manager_id = t.manager_id from teams t where t.id = c.team_id`.execute(db);
  await sql`alter table chat_channels drop column team_id`.execute(db);
  await sql
    .raw(
      MEMBERSHIP_VIEW(`select c.id, u.id
    from chat_channels c
    join users m on m.id = c.manager_id and m.deactivated_at is null and m.system_role = 'manager' and m.team_name is not null
    join users u on u.deactivated_at is null and (u.id = m.id or lower(u.team_name) = lower(m.team_name))
    where c.kind = 'team'`),
    )
    .execute(db);
  await sql`alter table teams drop constraint teams_manager_is_member`.execute(db);
  await sql`alter table users drop column team_id`.execute(db);
  await sql`drop table teams`.execute(db);
}
