/** Writes the whole demo data set in one transaction: a failure leaves the database as it was. */
import { type Db, type DbOrTrx, insertTeam as insertTeamRow, saveTeamSettings, setUserTeam } from '@crm/db';
import { fullName } from '@crm/domain';
import { buildActivities } from './activities.js';
import { buildChat } from './chat.js';
import { buildContacts } from './contacts.js';
import { DEMO_GROUPS } from './groups.js';
import { type SeedUser, buildLeads } from './leads.js';
import { type Random, chunks, daysBefore } from './random.js';
import { DEMO_ROLES, DEMO_TEAM } from './team.js';
import { buildTracking } from './tracking.js';

const BATCH = 500;

export interface SeedSummary {
  usernames: { username: string; role: string }[];
  leads: number;
  groups: number;
  tracking: number;
  contacts: number;
  messages: number;
  activities: number;
}

const SPANISH_TEAM = {
  country: 'ES',
  currency: 'EUR',
  locale: 'es-ES',
  timeZone: 'Europe/Madrid',
  workingDays: [1, 2, 3, 4, 5],
  valuePerConversion: '1500.00',
};

async function insertTeam(trx: DbOrTrx, random: Random, passwordHash: string, now: Date): Promise<SeedUser[]> {
  const roles = await trx
    .insertInto('custom_roles')
    .values(
      DEMO_ROLES.map((role) => ({
        name: role.name,
        display_name: role.displayName,
        description: role.description,
        color: role.color,
        created_at: daysBefore(now, 370),
      })),
    )
    .returning(['id', 'name'])
    .execute();
  const roleIds = new Map(roles.map((role) => [role.name, role.id]));

  const users: SeedUser[] = [];
  for (const [index, person] of DEMO_TEAM.entries()) {
    const { id } = await trx
      .insertInto('users')
      .values({
        username: person.username,
        email: `${person.username}@ventas-demo.es`,
        password_hash: passwordHash,
        first_name: person.firstName,
        last_name: person.lastName,
        system_role: person.systemRole,
        phone: person.phone,
        bio: person.bio,
        created_at: daysBefore(now, 365 - index * 12),
        last_seen_at: daysBefore(now, person.lastSeenDaysAgo + random.next() * 0.2),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    users.push({
      id,
      name: fullName(person.firstName, person.lastName),
      systemRole: person.systemRole,
      specializations: person.specializations,
      skill: person.skill,
    });
    const held = person.specializations.map((name) => roleIds.get(name)).filter((roleId) => roleId !== undefined);
    if (held.length > 0) {
      await trx
        .insertInto('user_custom_roles')
        .values(held.map((roleId) => ({ user_id: id, role_id: roleId })))
        .execute();
    }
  }
  await seedTeams(trx, users);
  return users;
}

/** Each manager with a team name leads that team; the Vendedores are dealt out among the teams in turn. */
async function seedTeams(trx: DbOrTrx, users: SeedUser[]): Promise<void> {
  const teamIds: number[] = [];
  for (const [index, person] of DEMO_TEAM.entries()) {
    const user = users[index];
    if (user && person.teamName) teamIds.push(await insertTeamRow(trx, { name: person.teamName, managerId: user.id }));
  }
  const sellers = users.filter((user) => user.systemRole === 'team_member');
  for (const [index, seller] of sellers.entries()) {
    const teamId = teamIds[index % Math.max(teamIds.length, 1)];
    if (teamId !== undefined) await setUserTeam(trx, seller.id, teamId);
  }
}

export async function seedDemo(db: Db, options: { random: Random; passwordHash: string; now?: Date }): Promise<SeedSummary> {
  const { random, passwordHash } = options;
  const now = options.now ?? new Date();
  return db.transaction().execute(async (trx) => {
    const users = await insertTeam(trx, random, passwordHash, now);
    // The demo is a Spanish team already at work (its phones are +34): its settings are saved, so
    // nobody is offered the first-day setup ('Configura tu equipo') over its screens.
    const admin = users.find((user) => user.systemRole === 'admin');
    if (admin) await saveTeamSettings(trx, SPANISH_TEAM, admin.id);
    const names = new Map(users.map((user) => [user.id, user.name]));
    const roleIds = new Map((await trx.selectFrom('custom_roles').select(['id', 'name']).execute()).map((r) => [r.name, r.id]));
    const importers = users.filter((user) => user.systemRole !== 'team_member');

    const groupImports = DEMO_GROUPS.map((group) => ({
      createdBy: random.pick(importers).id,
      createdAt: daysBefore(now, group.importedDaysAgo),
    }));
    const groupIds: number[] = [];
    for (const [index, group] of DEMO_GROUPS.entries()) {
      const importInfo = groupImports[index]!;
      const { id } = await trx
        .insertInto('lead_groups')
        .values({
          name: group.name,
          description: group.description,
          assigned_role_id: roleIds.get(group.role) ?? null,
          created_by: importInfo.createdBy,
          created_at: importInfo.createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      groupIds.push(id);
    }

    const leads = buildLeads(random, users, now);
    const inserted: ((typeof leads)[number] & { id: number })[] = [];
    for (const batch of chunks(leads, BATCH)) {
      const ids = await trx
        .insertInto('leads')
        .values(
          batch.map((lead) => ({
            name: lead.name,
            email: lead.email,
            phone: lead.phone,
            category: lead.category,
            description: lead.description,
            status: lead.status,
            assigned_to: lead.assignedTo,
            group_id: lead.groupIndex === null ? null : (groupIds[lead.groupIndex] ?? null),
            contacted_by: lead.contactedBy,
            contacted_at: lead.contactedAt,
            converted_at: lead.convertedAt,
            address: lead.address,
            domain: lead.domain,
            search_text: lead.search_text,
            created_by: lead.createdBy,
            created_at: lead.createdAt,
            updated_at: lead.convertedAt ?? lead.contactedAt ?? lead.createdAt,
          })),
        )
        .returning('id')
        .execute();
      batch.forEach((lead, index) => inserted.push({ ...lead, id: ids[index]!.id }));
    }

    const tracking = buildTracking(random, inserted);
    for (const batch of chunks(tracking, BATCH)) await trx.insertInto('conversation_tracking').values(batch).execute();
    const contacts = buildContacts(random, inserted);
    for (const batch of chunks(contacts, BATCH)) await trx.insertInto('contacts').values(batch).execute();

    const messages = buildChat(
      random,
      users,
      inserted.map((lead) => lead.name),
      now,
    );
    for (const batch of chunks(messages, BATCH)) await trx.insertInto('chat_messages').values(batch).execute();

    const imports = groupImports.map((info, index) => ({ ...info, imported: DEMO_GROUPS[index]?.size ?? 0 }));
    const activities = buildActivities(inserted, messages, names, imports);
    for (const batch of chunks(activities, BATCH)) {
      await trx
        .insertInto('activities')
        .values(
          batch.map((a) => ({ type: a.type, description: a.description, user_id: a.userId, lead_id: a.leadId, created_at: a.createdAt })),
        )
        .execute();
    }

    return {
      usernames: DEMO_TEAM.map((person) => ({ username: person.username, role: person.systemRole })),
      leads: inserted.length,
      groups: groupIds.length,
      tracking: tracking.length,
      contacts: contacts.length,
      messages: messages.length,
      activities: activities.length,
    };
  });
}
