import { prisma } from '#app/utils/db.server.ts'

/**
 * Marks the import's duplicates by slug (spec §5: "Companies are de-duplicated by a lower-case slug
 * of the name"): a row whose company appears earlier in the same import points at that row's
 * position, one the organization already has points at the company. Run again after any change to
 * the rows' names. Saving does not rely on it: the unique (organizationId, slug) index decides.
 */
export async function markDuplicateRows(organizationId: string, companyImportId: string) {
	await prisma.$executeRaw`
		UPDATE "CompanyImportRow" row
		SET "duplicateOfPosition" = (
				SELECT min(earlier.position) FROM "CompanyImportRow" earlier
				WHERE earlier."importId" = row."importId" AND earlier.slug = row.slug AND earlier.position < row.position
			),
			"duplicateOfCompanyId" = (
				SELECT company.id FROM "Company" company
				WHERE company."organizationId" = ${organizationId} AND company.slug = row.slug
			)
		FROM "CompanyImport" owner
		WHERE row."importId" = ${companyImportId} AND owner.id = row."importId"
			AND owner."organizationId" = ${organizationId}`
}
