-- CreateTable
CREATE TABLE "test_cases" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tool_name" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "arguments" TEXT NOT NULL,
    "context" TEXT NOT NULL,
    "expectations" TEXT NOT NULL,
    "created_by" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    "last_run_at" DATETIME,
    "last_run_by" TEXT,
    "last_passed" BOOLEAN,
    "last_failures" TEXT
);

-- CreateTable
CREATE TABLE "rate_limits" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "points" INTEGER NOT NULL,
    "expire" DATETIME
);

-- CreateIndex
CREATE UNIQUE INDEX "test_cases_tool_name_name_key" ON "test_cases"("tool_name", "name");
