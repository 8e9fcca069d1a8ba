"use client";

import { useState } from "react";
import { JsonEditor } from "@/components/ui/json-editor";
import { Tabs } from "@/components/ui/tabs";
import { toast } from "@/components/ui/toaster";
import { ValidationError, type ValidationIssue } from "@/lib/errors";
import { fieldsFromSchema, parseParameterSchema, schemaFromFields, type ParameterField } from "@/lib/tools/client";
import { issuesAt } from "./field-issues";
import { IssueList } from "./issue-list";
import { FieldList } from "./schema-editor";

interface ParametersEditorProps {
  readonly fields: readonly ParameterField[];
  readonly onChange: (fields: ParameterField[]) => void;
  readonly issues: readonly ValidationIssue[];
  readonly readOnly: boolean;
}

/**
 * The parameters as fields or as their JSON Schema. JSON reaches the fields only when the rules
 * allow it (flat sugar arrives lifted); until then its problems are marked where they are and the
 * fields keep their last valid state.
 */
export function ParametersEditor({ fields, onChange, issues, readOnly }: ParametersEditorProps) {
  const [view, setView] = useState("fields");
  const [text, setText] = useState("");
  const [jsonIssues, setJsonIssues] = useState<ValidationIssue[]>([]);

  const switchView = (next: string) => {
    if (next === "json") {
      setText(JSON.stringify(schemaFromFields(fields).schema, null, 2));
      setJsonIssues([]);
    } else if (jsonIssues.length > 0) {
      toast.error("Fix the JSON Schema problems first: the fields can only show a schema the rules allow.");
      return;
    }
    setView(next);
  };
  const edit = (next: string) => {
    setText(next);
    try {
      onChange(fieldsFromSchema(parseParameterSchema(JSON.parse(next))));
      setJsonIssues([]);
    } catch (error) {
      if (error instanceof SyntaxError) setJsonIssues([{ path: "", message: `is not valid JSON: ${error.message}` }]);
      else if (error instanceof ValidationError) setJsonIssues(error.issues.map((issue) => ({ ...issue, path: issue.path.replace(/^parameters\.?/, "") })));
      else throw error;
    }
  };

  return (
    <Tabs
      label="Parameters view"
      value={view}
      onValueChange={switchView}
      panels={[
        {
          value: "fields",
          label: "Fields",
          content: (
            <>
              <FieldList fields={fields} onChange={onChange} basePath="parameters" issues={issues} readOnly={readOnly} />
              {issuesAt(issues, "parameters") && <p className="mt-2 text-xs font-medium text-danger-foreground">{issuesAt(issues, "parameters")}</p>}
            </>
          ),
        },
        {
          value: "json",
          label: "JSON Schema",
          content: (
            <div className="grid gap-2">
              <JsonEditor label="Parameters (JSON Schema)" value={text} onChange={edit} issues={jsonIssues} readOnly={readOnly} minHeight="12rem" />
              <IssueList label="JSON Schema problems" issues={jsonIssues} pathPrefix="parameters" />
            </div>
          ),
        },
      ]}
    />
  );
}
