// The tasks area's server API: what other areas, the shell and routes may call. Nothing else of the area is imported from outside it.
import "./jobs.server";
export {
  addTaskComment,
  changeTaskStatus,
  countOverdueTasks,
  createTask,
  deleteTask,
  describeLink,
  getTask,
  listTaskAssignees,
  listTaskBoard,
  listTaskComments,
  listTasks,
  loadLinkedTasks,
  type TaskListItem,
  updateTask,
} from "./tasks.server";
