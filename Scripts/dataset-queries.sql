-- The fixed queries that Scripts/check-dataset-engines.sh (DuckDB, pyarrow) and
-- Scripts/check-dataset-spark.sh (Spark SQL) run on a `questionkit dataset` export, each engine with the
-- views `answers`, `forms` and `warnings` over DIR/current/<table> (partition columns `title` and
-- `revision` as text). Written in the SQL both dialects share: CASE for conditional counts, no FILTER,
-- no JSON functions, no engine-specific types. Rows are compared as sets (each script sorts them), so no
-- query needs an ORDER BY that both engines order alike (they put NULLs at opposite ends).
-- A query starts at its `-- name:` line and runs to the next one.

-- name: hot_forms
-- Which forms ran hot: a temperature reading over 90 (the generated forms' limit is 95, the readings
-- now and then 120), with the form's equipment line (title and revision), technician and highest reading.
SELECT template_title, template_revision, form_id, technician,
       COUNT(*) AS hot_readings, MAX(answer_number) AS hottest
FROM answers
WHERE answer_number > 90 AND LOWER(question) LIKE '%temperature%'
GROUP BY template_title, template_revision, form_id, technician

-- name: flag_rate
-- How often each question of a template revision is flagged: forms that asked it, forms that flagged it.
SELECT template_title, template_revision, question_number,
       COUNT(*) AS forms,
       SUM(CASE WHEN flagged THEN 1 ELSE 0 END) AS flagged_forms
FROM answers
WHERE answer_part = 0
GROUP BY template_title, template_revision, question_number

-- name: without_photos
-- Which technicians' forms lack photos: forms with no media attached at all, per technician.
SELECT technician,
       COUNT(*) AS forms,
       SUM(CASE WHEN media = 0 THEN 1 ELSE 0 END) AS forms_without_media
FROM forms
GROUP BY technician

-- name: answer_rows_per_partition
SELECT title, revision, COUNT(*) AS answer_rows,
       SUM(CASE WHEN answer_part = 0 THEN 1 ELSE 0 END) AS questions,
       SUM(CASE WHEN answered AND answer_part = 0 THEN 1 ELSE 0 END) AS answered,
       SUM(answer_number) AS answer_number_sum,
       COUNT(answer_number) AS numbers, COUNT(option) AS options, COUNT(cell_row) AS cells,
       MIN(completed_date) AS first_completed, MAX(completed_date) AS last_completed
FROM answers
GROUP BY title, revision

-- name: forms_per_partition
SELECT title, revision, COUNT(*) AS forms, SUM(questions) AS questions, SUM(answered) AS answered,
       SUM(comments) AS comments, SUM(media) AS media, SUM(warnings) AS warnings
FROM forms
GROUP BY title, revision

-- name: warnings_per_partition
SELECT title, revision, severity, code, COUNT(*) AS warnings, COUNT(line) AS located
FROM warnings
GROUP BY title, revision, severity, code

-- name: flagged_counts
-- Flagged questions and flags, per template revision, counted from the forms and from the answers.
SELECT f.template_title, f.template_revision, f.flagged_questions, f.flags, a.flagged_answers
FROM (SELECT template_title, template_revision, SUM(flagged_questions) AS flagged_questions, SUM(flags) AS flags
      FROM forms GROUP BY template_title, template_revision) f
LEFT JOIN (SELECT template_title, template_revision,
                  SUM(CASE WHEN flagged AND answer_part = 0 THEN 1 ELSE 0 END) AS flagged_answers
           FROM answers GROUP BY template_title, template_revision) a
  ON f.template_title = a.template_title AND f.template_revision = a.template_revision

-- name: not_asked_counts
-- Questions whose conditions did not hold, per template revision, from the forms and from the answers.
SELECT f.template_title, f.template_revision, f.not_asked, a.not_asked_answers
FROM (SELECT template_title, template_revision, SUM(not_asked) AS not_asked
      FROM forms GROUP BY template_title, template_revision) f
LEFT JOIN (SELECT template_title, template_revision,
                  SUM(CASE WHEN NOT asked AND answer_part = 0 THEN 1 ELSE 0 END) AS not_asked_answers
           FROM answers GROUP BY template_title, template_revision) a
  ON f.template_title = a.template_title AND f.template_revision = a.template_revision

-- name: per_form
-- What each form's row says, for the comparison with `review --format json` of the form.
SELECT source_path, template_title, template_revision, technician, foreman, completed_as_stored,
       questions, answered, not_asked, flagged_questions, flags, comments, media
FROM forms

-- name: per_question
-- Each question's first row, for the comparison with the review's rows.
SELECT source_path, question_number, question, flagged, flag_codes, answered, asked, comment, media_count
FROM answers
WHERE answer_part = 0
