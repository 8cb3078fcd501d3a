import { beforeAll, expect, it } from "vitest";
import { listBackOfficeUsersWith } from "~/core/identity/directory.server";
import { describeEachDialect } from "../setup/database";
import { makeUser, type TestUser } from "../support/factories";

/** The user directory's reads that other areas address people by. */
describeEachDialect("user directory", (db) => {
  let owner: TestUser;
  let admin: TestUser;
  let translator: TestUser;
  let bilingual: TestUser;

  beforeAll(async () => {
    // Many staff without the feature, named to come first: a cap applied before the grant is checked keeps only them.
    for (let index = 0; index < 6; index += 1) await makeUser(db(), { role: "staff", features: ["inbox", "tasks"], fullName: `Aaron ${index}` });
    await makeUser(db(), { role: "staff", features: ["translations"], fullName: "Abel Disabled", disabled: true });
    await makeUser(db(), { role: "client", features: ["translations"], fullName: "Abby Client" });
    owner = await makeUser(db(), { role: "owner", fullName: "Olga Owner" });
    admin = await makeUser(db(), { role: "admin", fullName: "Adam Admin" });
    translator = await makeUser(db(), { role: "staff", features: ["translations"], fullName: "Tess Translator" });
    bilingual = await makeUser(db(), { role: "staff", features: ["inbox", "translations", "tasks"], fullName: "Zoe Both" });
  });

  it("lists the active back-office people with a feature by name, the cap counting only them", async () => {
    const expected = [admin, owner, translator, bilingual].map(({ id, fullName }) => ({ id, fullName }));
    expect(await listBackOfficeUsersWith("translations")).toEqual(expected);
    expect(await listBackOfficeUsersWith("translations", 4)).toEqual(expected);
    expect(await listBackOfficeUsersWith("translations", 3)).toEqual(expected.slice(0, 3));
    // A feature no staff member is granted: the owner and admins alone.
    expect((await listBackOfficeUsersWith("document_extractor")).map((member) => member.id)).toEqual([admin.id, owner.id]);
    expect((await listBackOfficeUsersWith("tasks", 200)).map((member) => member.fullName)).toEqual([
      "Aaron 0",
      "Aaron 1",
      "Aaron 2",
      "Aaron 3",
      "Aaron 4",
      "Aaron 5",
      "Adam Admin",
      "Olga Owner",
      "Zoe Both",
    ]);
  });
});
